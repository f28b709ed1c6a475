// A card's text on the way in and out: line breaks and no-break spaces normalised, and the macros
// cards use for the character and the user turned into the variables Rashomon's prompts name
// (${name}, ${user}) and back ({{char}}, {{user}}), as SillyTavern reads them: in any case.
import { tr } from '../../i18n/messages.ts';
import type { NoteTaker } from '../card-notes.ts';

const NBSP = '\u00a0';
const CHAR_MACRO = /\{\{char\}\}|<bot>/gi;
const USER_MACRO = /\{\{user\}\}|<user>/gi;
export const NAME_VARIABLE = '${name}';
export const USER_VARIABLE = '${user}';

/** CRLF and lone CR become LF, no-break spaces plain spaces; each said once. */
export function normaliseText(text: string, notes: NoteTaker): string {
  let out = text;
  if (out.includes('\r')) {
    out = out.replace(/\r\n?/g, '\n');
    notes.convert(tr(notes.language, 'line breaks: CRLF → LF'));
  }
  if (out.includes(NBSP)) {
    out = out.split(NBSP).join(' ');
    notes.convert(tr(notes.language, 'no-break spaces → spaces'));
  }
  return out;
}

/** {{char}}, {{Char}}, <BOT> → ${name}; {{user}}, {{User}}, <USER> → ${user}; each spelling said once. */
export function macrosIn(text: string, notes: NoteTaker): string {
  return text
    .replace(CHAR_MACRO, (m) => {
      notes.convert(`${m} → ${NAME_VARIABLE}`);
      return NAME_VARIABLE;
    })
    .replace(USER_MACRO, (m) => {
      notes.convert(`${m} → ${USER_VARIABLE}`);
      return USER_VARIABLE;
    });
}

/** A card's prose as Rashomon keeps it: normalised, macros converted. */
export const cardTextIn = (text: string, notes: NoteTaker): string =>
  macrosIn(normaliseText(text, notes), notes);

/** ${name} → {{char}}, ${user} → {{user}}: what every card reader understands. */
export const macrosOut = (text: string): string =>
  text.split(NAME_VARIABLE).join('{{char}}').split(USER_VARIABLE).join('{{user}}');
