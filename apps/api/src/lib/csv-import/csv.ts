/**
 * A small RFC 4180 reader for the CUPS import: quoted fields with "" escapes and line breaks, CRLF or LF,
 * a UTF-8 byte-order mark, and `,` or `;` as separator (Excel in es-CO saves with `;`). It reads text in pieces
 * as they arrive (`push`), so a large upload is parsed while it streams in and can be stopped at a row limit
 * without holding or parsing the rest (decision 022).
 */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface CsvRow {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

/** The separator is the more frequent of `;` and `,` on the first line. */
function detectDelimiter(firstLine: string): ',' | ';' {
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

export class CsvReader {
  private delimiter: ',' | ';' | null = null;
  /** Text held until the first line break, which decides the separator. */
  private head = '';
  private started = false;
  private fields: string[] = [];
  private field = '';
  private line = 1;
  private start = 1;
  private quoted = false;
  /** A `"` inside quotes was the last character: an escape if the next one is `"`, else the closing quote. */
  private quoteInQuoted = false;
  /** A CR ended the last record; an LF right after it belongs to it. */
  private skipLf = false;
  private out: CsvRow[] = [];

  /** Reads the next piece of text; returns the records it completed. */
  push(chunk: string): CsvRow[] {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.delimiter === null) {
      this.head += chunk;
      const eol = this.head.search(/[\r\n]/);
      if (eol === -1) return [];
      this.delimiter = detectDelimiter(this.head.slice(0, eol));
      chunk = this.head;
      this.head = '';
    }
    this.consume(chunk);
    return this.take();
  }

  /** The end of the text: returns the last record; an open quote is a syntax error. */
  end(): CsvRow[] {
    if (this.delimiter === null) {
      this.delimiter = detectDelimiter(this.head);
      this.consume(this.head);
      this.head = '';
    }
    if (this.quoteInQuoted) this.quoted = this.quoteInQuoted = false;
    if (this.quoted) throw new CsvSyntaxError(`Comillas sin cerrar en la línea ${this.start}`, this.start);
    this.endRecord();
    return this.take();
  }

  private take(): CsvRow[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private endRecord() {
    this.fields.push(this.field);
    // A blank line is no record.
    if (!(this.fields.length === 1 && this.fields[0]!.trim() === ''))
      this.out.push({ line: this.start, fields: this.fields });
    this.fields = [];
    this.field = '';
  }

  /**
   * Copies runs of plain text with one slice each (up to the next separator, quote or line break) rather than a
   * character at a time: a 50,000-line file otherwise makes millions of one-character strings for the
   * garbage collector (bench/cups-import.ts).
   */
  private consume(text: string) {
    const special = this.delimiter === ';' ? /[;"\r\n]/g : /[,"\r\n]/g;
    let i = 0;
    while (i < text.length) {
      if (this.skipLf) {
        this.skipLf = false;
        if (text[i] === '\n') {
          i++;
          continue;
        }
      }
      if (this.quoteInQuoted) {
        this.quoteInQuoted = false;
        if (text[i] === '"') {
          this.field += '"';
          i++;
          continue;
        }
        // The quote closed the field; what follows is read as unquoted text below.
        this.quoted = false;
      } else if (this.quoted) {
        const close = text.indexOf('"', i);
        const end = close === -1 ? text.length : close;
        const run = text.slice(i, end);
        this.field += run;
        for (let k = run.indexOf('\n'); k !== -1; k = run.indexOf('\n', k + 1)) this.line++;
        if (close !== -1) this.quoteInQuoted = true;
        i = end + 1;
        continue;
      }
      special.lastIndex = i;
      const m = special.exec(text);
      const at = m ? m.index : text.length;
      if (at > i) this.field += text.slice(i, at);
      if (!m) return;
      const c = text[at]!;
      i = at + 1;
      if (c === '"' && this.field.trim() === '') {
        this.quoted = true;
        this.field = '';
      } else if (c === '"') {
        this.field += c;
      } else if (c === '\n' || c === '\r') {
        this.endRecord();
        this.skipLf = c === '\r';
        this.line++;
        this.start = this.line;
      } else {
        this.fields.push(this.field);
        this.field = '';
      }
    }
  }
}

export function parseCsv(input: string): CsvRow[] {
  const reader = new CsvReader();
  return [...reader.push(input), ...reader.end()];
}
