import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';

const SEEDED = [
  'Centro Diagnóstico Piedecuesta',
  'Sede Barrancabermeja',
  'Sede Cabecera',
  'Sede Floridablanca',
  'Sede San Gil',
];

test.describe('Ubicaciones', () => {
  test('muestra las sedes sembradas con sus datos y las métricas reales del mes', async ({ page }) => {
    await loginViaUi(page);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Ubicaciones' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ubicaciones' })).toBeVisible();
    for (const name of SEEDED) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    const cabecera = page.getByRole('region', { name: 'Sede Cabecera', exact: true });
    await expect(cabecera).toContainText('Sede principal');
    await expect(cabecera).toContainText('Carrera 35 # 52-40');
    await expect(cabecera).toContainText('607 6432100');
    await expect(cabecera).toContainText('Urgencias: 24 horas');
    await expect(cabecera.getByText('Activa', { exact: true })).toBeVisible();
    await expect(cabecera.getByRole('list', { name: 'Especialidades de Sede Cabecera' })).toContainText(
      'Medicina General',
    );

    // The month's figures come from the demo agendas and appointments: a real occupancy, not a placeholder.
    const metrics = cabecera.getByRole('region', { name: 'Métricas del mes de Sede Cabecera' });
    await expect(metrics.getByRole('progressbar', { name: 'Ocupación del mes' })).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );

    // The month selector asks the API for another month.
    const month = page.getByTestId('metrics-month');
    const before = await month.innerText();
    const request = page.waitForRequest((r) =>
      /\/api\/locations\/\d+\/metrics\?month=\d+&year=\d+/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Mes anterior' }).click();
    await request;
    await expect(month).not.toHaveText(before);
    await page.getByRole('button', { name: 'Mes actual' }).click();
    await expect(month).toHaveText(before);
  });

  test('crear una sede', async ({ page }) => {
    test.slow(); // many steps: keep them within the timeout on a busy CI machine
    const name = `Sede Girón ${Date.now().toString(36).slice(-4)}`;
    await loginViaUi(page);
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Nueva sede' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva sede' });
    await dialog.getByRole('button', { name: 'Crear sede' }).click();
    await expect(dialog.getByText('Ingresa el nombre de la sede')).toBeVisible();

    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByRole('combobox', { name: 'Tipo de sede' }).click();
    await page.getByRole('option', { name: 'Sede ambulatoria' }).click();
    await dialog.getByRole('combobox', { name: 'Municipio' }).click();
    await page.getByRole('combobox', { name: 'Buscar municipio o código DIVIPOLA' }).fill('68307');
    await page.getByRole('option', { name: /^Girón/ }).click();
    await dialog.getByLabel('Dirección').fill('Carrera 25 # 30-12, Centro');
    await dialog.getByLabel('Teléfono').fill('607 6460000');
    await dialog.getByLabel('Horario de atención').fill('Lunes a viernes 7:00–17:00');
    await dialog.getByLabel('Capacidad instalada').fill('4');
    await dialog.getByRole('checkbox', { name: 'Pediatría' }).click();
    await dialog.getByRole('button', { name: 'Crear sede' }).click();
    await expect(page.getByText('Sede creada', { exact: true })).toBeVisible();

    const card = page.getByRole('region', { name, exact: true });
    await expect(card).toContainText('Sede ambulatoria');
    await expect(card).toContainText('Girón');
    await expect(card).toContainText('Pediatría');
    await expect(card).toContainText('Capacidad instalada: 4');
    await page.getByLabel('Buscar sede o municipio').fill(name);
    await expect(page.getByTestId('location-card')).toHaveCount(1);

    // Editing from the card.
    await card.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar sede' });
    await edit.getByLabel('Horario de urgencias').fill('24 horas');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Sede actualizada', { exact: true })).toBeVisible();
    await expect(card).toContainText('Urgencias: 24 horas');
  });

  test('un agente ve las sedes pero no las crea ni edita', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 2, name: 'Sede San Gil' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva sede' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
  });

  test('en un teléfono las tarjetas caben sin desplazamiento horizontal', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaUi(page);
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 2, name: 'Sede Cabecera' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
