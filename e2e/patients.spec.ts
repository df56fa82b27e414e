import { readFileSync } from 'node:fs';
import { ACCOUNTS, apiLogin, expect, test } from './fixtures';
import { choose, createViaApi, findCard, nextDocument, openPatients, toast } from './patients-helpers';
import { fillDate } from './field-helpers';

test.describe('Gestión de Pacientes', () => {
  // Long flows through several dialogs: more time than the default 45 s on a loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('registro rápido: documento, nombre y teléfono', async ({ page }) => {
    await openPatients(page);
    const document = nextDocument();
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
    await dialog.getByRole('button', { name: /Registro Rápido/ }).click();

    const quick = page.getByRole('dialog', { name: 'Registro Rápido' });
    await quick.getByRole('button', { name: 'Registrar Paciente' }).click();
    await expect(quick.getByText('El documento debe tener al menos 5 caracteres')).toBeVisible();
    await quick.getByLabel('Número de documento').fill('12a45');
    await expect(quick.getByText('El documento solo puede contener números')).toBeVisible();

    await quick.getByLabel('Número de documento').fill(document);
    await quick.getByLabel('Nombre completo').fill('Yésica Ñañez Quintero');
    await quick.getByLabel('Teléfono').fill('3101234567');
    await quick.getByRole('button', { name: 'Registrar Paciente' }).click();
    await expect(toast(page, 'Paciente creado')).toBeVisible();
    await expect(quick).toBeHidden();

    const card = await findCard(page, document);
    await expect(card.getByRole('heading', { name: 'Yésica Ñañez Quintero' })).toBeVisible();
    await expect(card.getByText('Activo', { exact: true })).toBeVisible();

    // Closing and opening again starts at the choice screen.
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Rápido/ }).click();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page.getByRole('dialog', { name: 'Nuevo Paciente' })).toBeVisible();
  });

  test('registro completo en 5 pasos, con el aviso de campos incompletos, y luego editar', async ({
    page,
  }) => {
    await openPatients(page);
    const document = nextDocument();
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Completo/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Registro Completo' });
    await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');

    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(toast(page, 'Campos incompletos')).toBeVisible();
    await expect(toast(page, 'Por favor complete los campos requeridos antes de continuar')).toBeVisible();
    await expect(wizard.getByText('Paso 1 de 5: Personal')).toBeVisible();

    await wizard.getByLabel('Número de documento').fill(document);
    await wizard.getByLabel('Nombre completo').fill('Luz Marina Cárdenas Rueda');
    await fillDate(wizard.getByLabel('Fecha de nacimiento'), '1988-04-12');
    await choose(page, wizard.getByLabel('Género'), 'Femenino');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    await expect(wizard.getByText('Paso 2 de 5: Contacto')).toBeVisible();
    await expect(wizard.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(wizard.getByLabel('Municipio')).toHaveText(/Primero seleccione una zona/);
    await wizard.getByLabel('Teléfono principal').fill('3157654321');
    await wizard.getByLabel('Correo electrónico').fill('luz.cardenas@example.co');
    await wizard.getByLabel('Dirección').fill('Carrera 27 # 45-10, Cabecera');
    await choose(page, wizard.getByLabel('Zona'), 'Área Metropolitana');
    await choose(page, wizard.getByLabel('Municipio'), 'Floridablanca');
    // Another zone clears the municipality.
    await choose(page, wizard.getByLabel('Zona'), 'Guanentá');
    await expect(wizard.getByLabel('Municipio')).toHaveText(/Seleccione un municipio/);
    await choose(page, wizard.getByLabel('Zona'), 'Área Metropolitana');
    await choose(page, wizard.getByLabel('Municipio'), 'Floridablanca');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    await expect(wizard.getByText('Paso 3 de 5: Médica')).toBeVisible();
    await choose(page, wizard.getByLabel('Grupo sanguíneo'), 'O+');
    await expect(wizard.getByLabel('Tipo de discapacidad')).toHaveCount(0);
    await wizard.getByLabel('¿Tiene alguna discapacidad?').click();
    await choose(page, wizard.getByLabel('Tipo de discapacidad'), 'Visual');
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    await expect(wizard.getByText('Paso 4 de 5: Seguro')).toBeVisible();
    await choose(page, wizard.getByLabel('EPS'), 'EPS Sura');
    await choose(page, wizard.getByLabel('Tipo de afiliación'), 'Contributivo');
    await expect(wizard.getByText(/Personas con capacidad de pago/)).toBeVisible();
    await wizard.getByRole('button', { name: 'Siguiente' }).click();

    await expect(wizard.getByText('Paso 5 de 5: Demográfica')).toBeVisible();
    await choose(page, wizard.getByLabel('Estrato socioeconómico'), 'Estrato 3');
    await wizard.getByRole('button', { name: 'Registrar Paciente' }).click();
    await expect(toast(page, 'Paciente creado')).toBeVisible();

    const card = await findCard(page, document);
    await expect(card).toContainText('Floridablanca');
    await expect(card).toContainText('EPS Sura');
    await card.getByRole('button', { name: 'Ver' }).click();
    const detail = page.getByRole('dialog', { name: 'Luz Marina Cárdenas Rueda' });
    await detail.getByRole('tab', { name: 'Médica' }).click();
    await expect(detail.getByText('Visual')).toBeVisible();
    await detail.getByRole('tab', { name: 'Seguro' }).click();
    await expect(detail.getByText(/Personas con capacidad de pago/)).toBeVisible();
    await detail.getByRole('tab', { name: 'Demográfica' }).click();
    await expect(detail.getByText('Estrato 3')).toBeVisible();
    await detail.getByRole('tab', { name: 'Citas' }).click();
    await expect(detail.getByText('No hay citas registradas')).toBeVisible();

    // Editar from the detail: every section at once; a taken document is refused under its field.
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    await expect(edit.getByLabel('Número de documento')).toHaveValue(document);
    await expect(edit.getByLabel('Municipio')).toHaveText(/Floridablanca/);
    await edit.getByLabel('Número de documento').fill('10160857');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(edit.getByText('Ya existe un paciente con este tipo y número de documento')).toBeVisible();
    await expect(toast(page, 'Error al actualizar paciente')).toBeVisible();

    await edit.getByLabel('Número de documento').fill(document);
    await edit.getByLabel('Teléfono principal').fill('3209998877');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(toast(page, 'Paciente actualizado')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('patient-card').filter({ hasText: document })).toContainText('3209998877');
  });

  test('inactivar y reactivar desde el formulario; eliminar permanentemente', async ({ page }) => {
    const keep = nextDocument();
    const gone = nextDocument();
    await createViaApi(page, { document: keep, name: 'Pedro Pablo Inactivo', phone: '3001112233' });
    await createViaApi(page, { document: gone, name: 'Rosa Elvira Borrada', phone: '3001112244' });
    await openPatients(page);

    let card = await findCard(page, keep);
    await card.getByRole('button', { name: /Más acciones/ }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const manage = page.getByRole('dialog', { name: 'Gestionar Paciente' });
    await expect(manage.getByRole('radio', { name: /Inactivar Paciente/ })).toBeChecked();
    await manage.getByRole('button', { name: 'Inactivar', exact: true }).click();
    await expect(toast(page, 'Paciente inactivado')).toBeVisible();
    await expect(page.getByText('No se encontraron pacientes activos')).toBeVisible();

    await page.getByRole('tab', { name: /Inactivos/ }).click();
    card = page.getByTestId('patient-card').filter({ hasText: keep });
    await expect(card.getByText('Inactivo', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    await choose(page, edit.getByLabel('Estado', { exact: true }), 'Activo');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(toast(page, 'Paciente actualizado')).toBeVisible();
    await expect(page.getByText('No hay pacientes inactivos')).toBeVisible();
    await page.getByRole('tab', { name: /Activos/ }).click();
    await expect(page.getByTestId('patient-card').filter({ hasText: keep })).toBeVisible();

    card = await findCard(page, gone);
    await card.getByRole('button', { name: /Más acciones/ }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await manage.getByText('Eliminar Permanentemente').click();
    await expect(manage.getByText('Esta acción no se puede deshacer')).toBeVisible();
    await manage.getByRole('button', { name: 'Eliminar Permanentemente' }).click();
    await expect(toast(page, 'Paciente eliminado permanentemente')).toBeVisible();
    await expect(page.getByText('No se encontraron pacientes activos')).toBeVisible();
    await page.getByRole('tab', { name: /Inactivos/ }).click();
    await expect(page.getByText('No hay pacientes inactivos')).toBeVisible();
  });

  test('recepción puede inactivar pero no ve la eliminación permanente; un agente no inactiva', async ({
    page,
    browser,
    baseURL,
  }) => {
    await openPatients(page, ACCOUNTS.reception);
    await page
      .getByTestId('patient-card')
      .first()
      .getByRole('button', { name: /Más acciones/ })
      .click();
    // The action is named for what it does for this role (issue 15).
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Inactivar' }).click();
    const manage = page.getByRole('dialog', { name: 'Inactivar Paciente' });
    await expect(manage.getByRole('radio')).toHaveCount(0);
    await expect(manage.getByText('Eliminar Permanentemente')).toHaveCount(0);
    await expect(manage.getByRole('button', { name: 'Inactivar', exact: true })).toBeEnabled();

    // Decision 020: inactivating a patient is not an agent's act.
    const other = await browser.newContext({ baseURL, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const agent = await other.newPage();
    await openPatients(agent, ACCOUNTS.agent);
    await agent
      .getByTestId('patient-card')
      .first()
      .getByRole('button', { name: /Más acciones/ })
      .click();
    await expect(agent.getByRole('menuitem').first()).toBeVisible();
    await expect(agent.getByRole('menuitem', { name: 'Eliminar' })).toHaveCount(0);
    await expect(agent.getByRole('menuitem', { name: 'Inactivar' })).toHaveCount(0);
    await other.close();
  });

  test('búsqueda, género, pestañas y paginación se resuelven en el servidor, 12 por página', async ({
    page,
  }) => {
    const limits: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/patients-v2') limits.push(url.searchParams.get('limit') ?? '');
    });
    await openPatients(page);
    const count = page.getByTestId('patients-count');
    await expect(count).toHaveText(/^Mostrando 12 de \d+ pacientes activos$/);
    await expect(page.getByTestId('patient-card')).toHaveCount(12);

    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await pager.getByRole('button', { name: 'Página 2' }).click();
    await expect(pager.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('button', { name: /^Página / })).toHaveCount(5);

    await page.getByLabel('Buscar', { exact: true }).fill('an');
    await expect(count).toHaveText(/pacientes activos \(filtrados\)$/);
    await expect(pager.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Buscar', { exact: true }).fill('Adriana');
    await expect(page.getByTestId('patient-card').first()).toContainText('Adriana');
    const cards = page.getByTestId('patient-card');
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Adriana/i);

    await choose(page, page.getByLabel('Género', { exact: true }), 'Masculino');
    await expect(page.getByText('No se encontraron pacientes activos')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('');
    await expect(count).toHaveText(/^Mostrando 12 de \d+ pacientes activos$/);

    const inactive = page.getByRole('tab', { name: /^Inactivos \(\d+\)$/ });
    const n = Number((await inactive.innerText()).match(/\d+/)![0]);
    await inactive.click();
    await expect(count).toHaveText(`Mostrando ${Math.min(n, 12)} de ${n} pacientes inactivos`);
    // Nothing asks for the whole table.
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((l) => l === '12')).toBe(true);
  });

  test('estadísticas demográficas con sus pestañas de gráficos', async ({ page }) => {
    await openPatients(page);
    const token = await apiLogin(page.request, ACCOUNTS.admin);
    await page.getByRole('button', { name: 'Gráficos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Estadísticas Demográficas de Pacientes' });
    const stats = (
      await (
        await page.request.get('/api/patients-v2/stats/demographics', {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).data;
    await expect(dialog.getByRole('region', { name: 'Total Pacientes' })).toContainText(
      String(stats.total_patients),
    );
    await expect(dialog.getByRole('region', { name: 'Edad Promedio' })).toContainText(
      `Rango: ${stats.min_age} - ${stats.max_age} años`,
    );
    await expect(dialog.getByRole('region', { name: 'Niños/as < 18 años' })).toContainText('Niñas:');
    await expect(dialog.getByRole('region', { name: 'Adultos Mayores' })).toContainText(
      String(stats.elderly_count),
    );
    await expect(dialog.locator('.recharts-surface').first()).toBeVisible();
    for (const tab of ['Edad', 'Tipo Sangre', 'Socioeconómico']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await expect(dialog.getByRole('tabpanel').locator('.recharts-surface').first()).toBeVisible();
    }
    await expect(dialog.getByText('Top 10 EPS')).toBeVisible();
  });

  test('exportar el listado filtrado y la ficha de un paciente en PDF', async ({ page }) => {
    await openPatients(page);
    await page.getByLabel('Buscar', { exact: true }).fill('Adriana');
    await expect(page.getByTestId('patients-count')).toContainText('(filtrados)');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Listado_Pacientes_\d{8}_\d{6}\.pdf$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(toast(page, 'PDF Generado')).toBeVisible();

    const card = page.getByTestId('patient-card').first();
    const document = (await card.locator('p.tabular-nums').innerText()).split(' ')[1]!;
    await card.getByRole('button', { name: /Más acciones/ }).click();
    const [single] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar PDF' }).click(),
    ]);
    expect(single.suggestedFilename()).toMatch(new RegExp(`^Paciente_${document}_\\d{8}_\\d{6}\\.pdf$`));
    expect(
      readFileSync((await single.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  test('embarazo: registrar con FUM, controles prenatales y marcar como completado', async ({ page }) => {
    const document = nextDocument();
    await createViaApi(page, {
      document,
      name: 'Camila Andrea Prenatal',
      phone: '3005556677',
      gender: 'Femenino',
      birth_date: '1996-02-10',
    });
    await openPatients(page);
    const card = await findCard(page, document);
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    const panel = edit.getByTestId('pregnancy-panel');
    await panel.getByRole('button', { name: 'Registrar Embarazo' }).click();
    const register = panel.getByRole('button', { name: 'Registrar Embarazo' });
    await expect(register).toBeDisabled();

    const fum = new Date(Date.now() - 70 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/Bogota',
    });
    await fillDate(panel.getByLabel('Fecha de última menstruación (FUM)'), fum);
    const [y, m, d] = fum.split('-').map(Number) as [number, number, number];
    const fpp = new Date(Date.UTC(y, m - 1, d + 280))
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    await expect(panel.getByText(fpp)).toBeVisible();
    await expect(panel.getByLabel('Factores de riesgo')).toHaveCount(0);
    await panel.getByLabel('Embarazo de alto riesgo').click();
    await panel.getByLabel('Factores de riesgo').fill('Hipertensión crónica');
    await register.click();
    await expect(toast(page, 'Embarazo registrado')).toBeVisible();

    const active = panel.getByRole('article', { name: 'Embarazo activo' });
    await expect(active.getByText('Alto Riesgo')).toBeVisible();
    await expect(active.getByText('10 semanas y 0 días')).toBeVisible();
    await expect(active.getByText('Días hasta FPP')).toBeVisible();
    await expect(active.getByText('210', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'Agregar control' }).click();
    const control = panel.getByRole('form', { name: 'Nuevo control prenatal' });
    await control.getByRole('button', { name: 'Guardar control' }).click();
    await expect(control.getByText('El peso es obligatorio')).toBeVisible();
    await control.getByLabel('Peso (kg)').fill('61,5');
    await control.getByLabel('Presión arterial').fill('110/70');
    await control.getByLabel('Frecuencia cardiaca fetal (lpm)').fill('148');
    await control.getByRole('button', { name: 'Guardar control' }).click();
    await expect(toast(page, 'Control prenatal registrado')).toBeVisible();
    await expect(panel.getByRole('cell', { name: '110/70' })).toBeVisible();

    await active.getByRole('button', { name: 'Marcar como Completado' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Marcar como Completado' }).click();
    await expect(toast(page, 'Embarazo completado')).toBeVisible();
    await expect(panel.getByText('Sin embarazo activo')).toBeVisible();
  });

  test('listado simple: buscar, editar y eliminar con confirmación', async ({ page }) => {
    const document = nextDocument();
    await createViaApi(page, { document, name: 'Jairo Alonso Listado', phone: '3004443322' });
    await openPatients(page);
    await page.getByRole('link', { name: 'Listado simple' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listado de Pacientes' })).toBeVisible();
    await expect(page.getByTestId('simple-count')).toHaveText(/^\d+ pacientes$/);
    for (const h of ['Paciente', 'Documento', 'Contacto', 'Ubicación', 'EPS', 'Acciones'])
      await expect(page.getByRole('columnheader', { name: h })).toBeVisible();

    await page.getByLabel('Buscar paciente').fill(document);
    await expect(page.getByTestId('simple-count')).toHaveText('1 paciente');
    await page.getByRole('button', { name: 'Editar a Jairo Alonso Listado' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    await edit.getByLabel('Alergias').fill('Ibuprofeno');
    await edit.getByLabel('Contacto de emergencia').fill('Marta Listado');
    await edit.getByLabel('Teléfono de emergencia').fill('3117778899');
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(toast(page, 'Paciente actualizado exitosamente')).toBeVisible();

    page.once('dialog', (d) => {
      expect(d.message()).toBe('¿Estás seguro de que quieres eliminar este paciente?');
      void d.accept();
    });
    await page.getByRole('button', { name: 'Eliminar a Jairo Alonso Listado' }).click();
    await expect(toast(page, 'Paciente eliminado exitosamente')).toBeVisible();
    await expect(page.getByText('No se encontraron pacientes')).toBeVisible();
  });

  test('en un teléfono (390 px) la página no se desborda', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPatients(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Completo/ }).click();
    const box = await page.getByRole('dialog', { name: 'Registro Completo' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
