// What a translation chat's proposal is called: the glossary (which makes the translated world
// when it is first applied), or one translated document.
import type { Proposal } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function translateHeading(p: Proposal): string {
  if (p.tool === 'propose_glossary')
    return p.action === 'create'
      ? t('Glossary of the new world “{label}”', { label: p.label })
      : t('Change the glossary of “{label}”', { label: p.label });
  return p.action === 'create'
    ? t('Translate “{label}”', { label: p.label })
    : t('Translate “{label}” again', { label: p.label });
}
