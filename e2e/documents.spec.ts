import { readFile } from 'node:fs/promises';
import { ACCOUNTS, expect, test } from './fixtures';
import { choose, createViaApi, findCard, nextDocument, openPatients, toast } from './patients-helpers';

/*
 * Patient documents (issue 23): the detail's 'Documentos' tab uploads a PDF (the file picker behind the drop zone),
 * shows it in the list, previews it through its short-lived link and downloads the very same bytes.
 */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('upload a PDF to a patient, preview it and download it', async ({ page }) => {
  // The machine that runs the suite is shared: under load the upload, the viewer and the download each take seconds.
  test.setTimeout(240_000);
  const document = nextDocument();
  const name = 'Paciente Documentos Prueba';
  await createViaApi(page, { document, name, phone: '3001234567' });

  await openPatients(page, ACCOUNTS.reception);
  const card = await findCard(page, document);
  // The search is debounced: wait until the directory shows only this patient.
  await expect(page.getByTestId('patient-card')).toHaveCount(1);
  await card.getByRole('button', { name: 'Ver' }).click();
  const detail = page.getByRole('dialog', { name });
  await detail.getByRole('tab', { name: 'Documentos' }).click();
  await expect(detail.getByText('No hay documentos registrados')).toBeVisible();

  await detail.getByLabel('Archivo del documento').setInputFiles({
    name: 'Hemograma marzo.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await choose(page, detail.getByRole('combobox', { name: 'Categoría' }), 'Resultados de laboratorio');
  await detail.getByLabel('Descripción').fill('Control anual');
  await detail.getByRole('button', { name: 'Subir documento' }).click();
  await expect(toast(page, 'Documento cargado')).toBeVisible();
  const list = detail.getByRole('list', { name: 'Documentos del paciente' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Hemograma marzo.pdf');
  await expect(list).toContainText('Resultados de laboratorio');
  await expect(list).toContainText('Control anual');
  await expect(detail.getByRole('button', { name: /Resultados de laboratorio \(1\)/ })).toBeVisible();

  // Preview: the PDF in an iframe, through a link bound to this document (not the session token).
  const served = page.waitForResponse((r) => /\/api\/documents\/\d+\/download\?token=/.test(r.url()));
  await list.getByRole('button', { name: 'Ver Hemograma marzo.pdf' }).click();
  const preview = page.getByRole('dialog', { name: 'Hemograma marzo.pdf' });
  const frame = preview.locator('iframe[title="Vista previa de Hemograma marzo.pdf"]');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(/inline=1/);
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline; filename="Hemograma marzo.pdf"/);

  // Download from the preview: the same bytes come back.
  const download = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Descargar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Hemograma marzo.pdf');
  expect((await readFile((await file.path())!)).equals(PDF)).toBe(true);
});
