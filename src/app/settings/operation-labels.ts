// What Settings calls each operation, in the rows that choose its backend and those that set its
// longest answer.
import type { AnswerOperation } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function operationLabel(op: AnswerOperation | 'default' | 'authoring'): string {
  switch (op) {
    case 'default':
      return t('Default backend');
    case 'actor':
      return t('Characters acting');
    case 'projector':
      return t('Projecting perceptions');
    case 'selector':
      return t('Choosing who acts next');
    case 'chronicler':
      return t('Writing the chronicle');
    case 'authoring':
      return t('Assistants (authoring chats)');
  }
}
