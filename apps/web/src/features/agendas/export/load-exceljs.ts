import type * as ExcelJsModule from 'exceljs';

type ExcelJs = typeof ExcelJsModule;

let lib: Promise<ExcelJs> | null = null;

/**
 * ExcelJS (about 1 MB) is fetched on the first Excel export only, never with the page. Its browser build is a
 * UMD bundle, so the namespace may arrive as the module itself or as its default export.
 */
export function loadExcelJs(): Promise<ExcelJs> {
  lib ??= import('exceljs')
    .then((m) => ((m as ExcelJs & { default?: ExcelJs }).default ?? m) as ExcelJs)
    .catch((err: unknown) => {
      lib = null;
      throw err;
    });
  return lib;
}
