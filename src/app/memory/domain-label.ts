// The words for what a piece of state is about (a participant's whereabouts, what it knows…), in the
// interface language.
import type { StateDomain } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function domainLabel(domain: StateDomain): string {
  switch (domain) {
    case 'appearance':
      return t('Appearance');
    case 'location':
      return t('Whereabouts');
    case 'inventory':
      return t('Belongings');
    case 'conditions':
      return t('Condition');
    case 'relationship':
      return t('Relationship');
    case 'knowledge':
      return t('Knows');
    case 'goals':
      return t('Wants');
    default:
      return domain satisfies never;
  }
}
