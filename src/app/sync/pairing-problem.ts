// Why a pairing link cannot be used, in the interface language (the worker reads links and answers
// in codes: src/workers/sync/pairing-link.ts).
import type { PairingProblem } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

/** Why a link cannot be used, in the interface language (call it where it is shown). */
export function pairingProblemText(read: PairingProblem): string {
  switch (read.code) {
    case 'damaged':
      return t('This pairing link is damaged (not readable). Copy it again from the server.');
    case 'invalid':
      return t(
        'This pairing link is not valid (its {field} is missing or wrong). Copy it again from the server.',
        {
          field: read.field,
        },
      );
    default:
      return read satisfies never;
  }
}
