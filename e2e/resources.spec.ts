import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';

/** Every run shares one database: names carry a suffix so that retries and reruns do not collide. */
const suffix = () => Date.now().toString(36).slice(-5).toUpperCase();

async function openResources(page: Page, tab?: string) {
  await page.goto(tab ? `/settings/resources?tab=${tab}` : '/settings/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Recursos' })).toBeVisible();
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Recursos' }).getByRole('tab', { name, exact: true }).click();
}

async function chooseOption(page: Page, trigger: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('Gestión de Recursos', () => {
  test('Configuración lleva a Gestión de Recursos, que no tiene entrada propia en la barra lateral', async ({
    page,
  }) => {
    await loginViaUi(page);
    await page.goto('/settings');
    await page.getByRole('link', { name: /Gestión de Recursos/ }).click();
    await expect(page).toHaveURL(/\/settings\/resources$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Recursos' })).toBeVisible();
    await expect(page).toHaveTitle(/^Gestión de Recursos · /);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByRole('link', { name: 'Gestión de Recursos' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Configuración' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const tabs = page.getByRole('tablist', { name: 'Recursos' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Especialidades',
      'Doctores',
      'Sedes',
      'CUPS',
      'EPS',
      'EPS/Especialidades',
      'Tipos de Sede',
      'Servicios',
    ]);
    // The specialty list pages by 10 (the demo has 14).
    await expect(page.getByRole('table', { name: 'Especialidades' }).getByRole('row')).toHaveCount(11);
    await expect(page.getByText(/^Mostrando 1–10 de \d+ especialidades$/)).toBeVisible();
  });

  test('especialidad, sede y doctor con dos especialidades; la especialidad en uso no se puede eliminar', async ({
    page,
  }) => {
    test.slow(); // many steps: keep them within the timeout on a busy CI machine
    const id = suffix();
    const specialty = `Neurología ${id}`;
    const location = `Sede Prueba ${id}`;
    // A doctor's name holds letters only: the suffix's digits become letters.
    const doctor = `Doctora Prueba ${id.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`;
    await loginViaUi(page);
    await openResources(page);

    // Specialty: the schema's Spanish messages, then a valid one.
    await page.getByRole('button', { name: 'Nueva especialidad' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nueva especialidad' });
    await dialog.getByLabel('Duración por defecto (minutos)').fill('5');
    await dialog.getByRole('button', { name: 'Crear especialidad' }).click();
    await expect(dialog.getByText('Nombre requerido')).toBeVisible();
    await expect(dialog.getByText('Ingresa un valor entre 10 y 480 minutos')).toBeVisible();
    await dialog.getByLabel('Nombre').fill(specialty);
    await dialog.getByLabel('Duración por defecto (minutos)').fill('45');
    await dialog.getByRole('button', { name: 'Crear especialidad' }).click();
    await expect(page.getByText('Especialidad creada', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Buscar especialidad').fill(id);
    await expect(page.getByRole('row', { name: new RegExp(specialty) })).toContainText('45 min');

    // A location that offers it.
    await openTab(page, 'Sedes');
    await page.getByRole('button', { name: 'Nueva sede' }).click();
    dialog = page.getByRole('dialog', { name: 'Nueva sede' });
    await dialog.getByLabel('Nombre').fill(location);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Tipo de sede' }), 'Sede ambulatoria');
    await dialog.getByLabel('Dirección').fill('Calle 10 # 20-30');
    await dialog.getByRole('checkbox', { name: specialty }).click();
    await dialog.getByRole('button', { name: 'Crear sede' }).click();
    await expect(page.getByText('Sede creada', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sedes' })).toContainText(location);

    // A doctor with two specialties (at least one is required) and the new location.
    await openTab(page, 'Doctores');
    await page.getByRole('button', { name: 'Nuevo doctor' }).click();
    dialog = page.getByRole('dialog', { name: 'Nuevo doctor' });
    await dialog.getByRole('button', { name: 'Crear doctor' }).click();
    await expect(dialog.getByText('Ingresa el nombre del doctor')).toBeVisible();
    await expect(dialog.getByText('Ingresa el número de registro médico')).toBeVisible();
    await expect(dialog.getByText('Selecciona al menos una especialidad')).toBeVisible();
    await dialog.getByLabel('Nombre completo').fill(doctor);
    await dialog.getByLabel('Registro médico').fill(`RM-${id}`);
    await dialog.getByLabel('Correo electrónico').fill(`prueba.${id.toLowerCase()}@demo.ips.co`);
    await dialog.getByRole('checkbox', { name: specialty }).click();
    await dialog.getByRole('checkbox', { name: 'Cardiología' }).click();
    await dialog.getByRole('checkbox', { name: new RegExp(location) }).click();
    await dialog.getByRole('button', { name: 'Crear doctor' }).click();
    await expect(page.getByText('Doctor creado', { exact: true })).toBeVisible();
    await page.getByLabel('Buscar por nombre, registro o correo').fill(id);
    const row = page.getByRole('row', { name: new RegExp(doctor) });
    await expect(row).toContainText(specialty);
    await expect(row).toContainText('Cardiología');
    await expect(row).toContainText(location);

    // Deleting the specialty is refused with its usage, inside the confirmation, before anyone confirms.
    await openTab(page, 'Especialidades');
    await page.getByLabel('Buscar especialidad').fill(id);
    await page.getByRole('button', { name: `Acciones de ${specialty}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar especialidad?' });
    await expect(confirm.getByRole('alert')).toContainText('No se puede eliminar');
    await expect(confirm.getByText('Está asignada a 1 doctor, 1 sede y 0 en cola.')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('row', { name: new RegExp(specialty) })).toBeVisible();
  });

  test('activar o desactivar un doctor pide confirmación', async ({ page }) => {
    await loginViaUi(page);
    await openResources(page, 'doctors');
    await page.getByLabel('Buscar por nombre, registro o correo').fill('Diana Carolina');
    const toggle = page.getByRole('switch', { name: 'Estado de Diana Carolina Jaimes Rojas' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    const confirm = page.getByRole('alertdialog', { name: '¿Desactivar doctor?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Estado actualizado', { exact: true })).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await page
      .getByRole('alertdialog', { name: '¿Activar doctor?' })
      .getByRole('button', { name: 'Activar' })
      .click();
    await expect(toggle).toBeChecked();
  });

  test('crear y eliminar una zona', async ({ page }) => {
    const zone = `Zona Prueba ${suffix()}`;
    await loginViaUi(page);
    await openResources(page, 'locations');
    const zones = page.getByRole('region', { name: 'Zonas', exact: true });
    await zones.getByRole('button', { name: 'Nueva zona' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva zona' });
    await dialog.getByRole('button', { name: 'Crear zona' }).click();
    await expect(dialog.getByText('Nombre requerido')).toBeVisible();
    await dialog.getByLabel('Nombre').fill(zone);
    await dialog.getByLabel('Descripción').fill('Zona creada por la prueba');
    await dialog.getByRole('button', { name: 'Crear zona' }).click();
    await expect(page.getByText('Zona creada', { exact: true })).toBeVisible();
    await expect(zones.getByRole('list', { name: 'Zonas' })).toContainText(zone);

    // A zone with municipalities is refused; the DIVIPOLA code is shown in the list.
    await zones.getByRole('button', { name: /^Área Metropolitana/ }).click();
    const municipalities = page.getByRole('region', { name: 'Municipios', exact: true });
    await expect(municipalities.getByRole('row', { name: /Bucaramanga/ })).toContainText('68001');

    await zones.getByRole('button', { name: `Eliminar zona ${zone}` }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar zona?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Zona eliminada', { exact: true })).toBeVisible();
    await expect(zones.getByRole('list', { name: 'Zonas' })).not.toContainText(zone);
  });

  test('importar CUPS: la vista previa muestra la línea rechazada y solo se aplica un archivo sin rechazos', async ({
    page,
  }) => {
    test.slow(); // many steps: keep them within the timeout on a busy CI machine
    const code = `E2${Date.now().toString().slice(-4)}`;
    const header = 'code,name,category,price,requires_authorization';
    const good = `${code},Procedimiento de prueba ${code},Ecografía,85000,1`;
    await loginViaUi(page);
    await openResources(page, 'cups');
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar códigos CUPS' });
    await dialog
      .getByLabel('Contenido CSV')
      .fill([header, good, '12,Código corto,Consulta,1000,0'].join('\n'));
    await dialog.getByRole('button', { name: 'Vista previa' }).click();

    const lines = dialog.getByRole('table', { name: 'Vista previa por línea' });
    const rejected = lines.getByRole('row', { name: /Rechazada/ });
    await expect(rejected).toContainText('El código CUPS debe tener 6 caracteres (letras o números)');
    await expect(rejected.getByRole('cell').first()).toHaveText('3');
    await expect(lines.getByRole('row', { name: new RegExp(code) })).toContainText('Crear');
    await expect(dialog.getByRole('button', { name: /^Aplicar/ })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Volver' }).click();
    await dialog.getByLabel('Contenido CSV').fill([header, good].join('\n'));
    await dialog.getByRole('button', { name: 'Vista previa' }).click();
    await expect(dialog.getByRole('button', { name: 'Aplicar (1)' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Aplicar (1)' }).click();
    await expect(page.getByText('Importación aplicada: 1 creados, 0 actualizados')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Buscar por código o nombre').fill(code);
    const row = page
      .getByRole('table', { name: 'Códigos CUPS' })
      .getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText('$ 85.000');

    // Editing keeps the code read-only.
    await page.getByRole('button', { name: `Acciones de CUPS ${code}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar CUPS ${code}` });
    await expect(edit.getByLabel('Código CUPS')).toHaveAttribute('readonly', '');
    await expect(edit.getByLabel('Precio (COP)')).toHaveAttribute('step', '1000');
  });

  test('EPS/Especialidades: EPS inactivas no se eligen; guardar exige EPS y sede', async ({ page }) => {
    test.slow(); // many steps: keep them within the timeout on a busy CI machine
    await loginViaUi(page);
    await openResources(page, 'eps');
    const toggle = page.getByRole('switch', { name: 'Estado de Aliansalud EPS' });
    // A retry finds the EPS as the failed attempt left it: start from active.
    if (!(await toggle.isChecked())) {
      await toggle.click();
      await expect(toggle).toBeChecked();
    }
    await toggle.click();
    await expect(page.getByText('Estado actualizado', { exact: true }).first()).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await openTab(page, 'EPS/Especialidades');
    const save = page.getByRole('button', { name: 'Guardar autorizaciones' });
    await expect(save).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Pediatría' }).click();
    await save.click();
    await expect(page.getByText('Debe seleccionar una EPS y una ubicación').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'EPS', exact: true }).click();
    await expect(page.getByRole('option', { name: /Aliansalud EPS/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('option', { name: /^EPS Sura/ }).click();
    await expect(page.getByRole('option', { name: /^EPS Sura/ })).toBeHidden();
    await chooseOption(page, page.getByRole('combobox', { name: 'Sede' }), 'Sede Floridablanca');
    await page.getByRole('checkbox', { name: 'Pediatría' }).click();
    await expect(page.getByRole('checkbox', { name: 'Pediatría' })).toBeChecked();
    await save.click();
    await expect(page.getByText('Autorizaciones guardadas', { exact: true })).toBeVisible();
    const list = page.getByRole('table', { name: 'Autorizaciones registradas' });
    await expect(list.getByRole('row', { name: /EPS Sura.*Pediatría/ })).toContainText('Vigente');

    // Leave the EPS as it was.
    await openTab(page, 'EPS');
    await toggle.click();
    await expect(toggle).toBeChecked();
  });

  test('servicios: pestaña visible, crear en USD, cambiar estado y eliminar', async ({ page }) => {
    test.slow(); // many steps: keep them within the timeout on a busy CI machine
    const name = `Servicio prueba ${suffix()}`;
    await loginViaUi(page);
    await openResources(page);
    await openTab(page, 'Servicios');
    await page.getByRole('button', { name: 'Nuevo servicio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo servicio' });
    await dialog.getByRole('button', { name: 'Crear servicio' }).click();
    await expect(dialog.getByText('Ingresa el nombre del servicio')).toBeVisible();
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Precio base').fill('120.5');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Moneda' }), /^USD/);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Categoría' }), 'Laboratorio');
    await dialog.getByRole('button', { name: 'Crear servicio' }).click();
    await expect(page.getByText('Servicio creado', { exact: true })).toBeVisible();

    await page.getByLabel('Buscar servicio').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('120,50');
    await row.getByRole('switch', { name: `Estado de ${name}` }).click();
    await expect(page.getByText('Estado actualizado', { exact: true })).toBeVisible();
    await expect(row.getByRole('switch')).not.toBeChecked();

    await page.getByRole('button', { name: `Acciones de ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page
      .getByRole('alertdialog', { name: '¿Eliminar servicio?' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    await expect(page.getByText('Servicio eliminado', { exact: true })).toBeVisible();
    await expect(page.getByText('Ningún servicio coincide con los filtros')).toBeVisible();
  });

  test('un agente consulta los recursos sin poder modificarlos', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: /Gestión de Recursos/ })).toHaveCount(0);
    await openResources(page);
    await expect(page.getByText('Está en modo de consulta')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Especialidades' })).toContainText('Cardiología');
    await expect(page.getByRole('button', { name: 'Nueva especialidad' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Acciones de/ })).toHaveCount(0);
  });
});
