import { z } from 'zod';
import { blankOr } from './resources-common';

/*
 * The one e-mail rule of every request body (issue 34 item 16). The check is zod's e-mail pattern, which the
 * OpenAPI document declares as `format: email` with that very `pattern`, so the server accepts exactly what the
 * document says: no trimming first (a value with spaces around it does not match the pattern and is refused,
 * where it used to be trimmed and accepted). Letters are stored in lower case; the pattern allows both.
 */
interface EmailRule {
  /** The message of a value that is not an e-mail. */
  invalid: string;
  max: number;
  tooLong: string;
  /** The message of a missing or empty value, when the field is required. */
  required?: string;
}

export const emailAddress = ({ invalid, max, tooLong, required }: EmailRule) => {
  const text = z.string({ error: required ?? invalid });
  return (required ? text.min(1, { error: required, abort: true }) : text)
    .max(max, { error: tooLong, abort: true })
    .toLowerCase()
    .email(invalid);
};

/**
 * The message of the union of '' and an e-mail: the union speaks for its branches, so it tells a value that is too
 * long from one that is not an e-mail, as the e-mail rule itself does.
 */
const unionMessage =
  ({ invalid, max, tooLong }: EmailRule) =>
  (issue: { input?: unknown }) =>
    typeof issue.input === 'string' && issue.input.length > max ? tooLong : invalid;

/** An optional e-mail: '' or null clears it (stored null), absent leaves it unchanged. */
export const clearableEmail = (rule: EmailRule) => blankOr(emailAddress(rule), unionMessage(rule));

/** An e-mail setting, where '' is kept as "none" (the settings store text). */
export const emailOrBlank = (rule: EmailRule) =>
  z.union([z.literal(''), emailAddress(rule)], { error: unionMessage(rule) });
