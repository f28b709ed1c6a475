// The world editor's words built from data: the kinds of nodes (in the order the kind select lists
// them) and their names, and how a relationship is named where it is listed.
import type { WorldNodeKind } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { nodeName, type WorldDraft } from './world-draft.ts';

export const NODE_KINDS = [
  'character',
  'place',
  'faction',
  'thing',
  'lore',
] as const satisfies readonly WorldNodeKind[];

export function kindLabel(kind: WorldNodeKind): string {
  switch (kind) {
    case 'character':
      return t('character');
    case 'place':
      return t('place');
    case 'faction':
      return t('faction');
    case 'thing':
      return t('thing');
    case 'lore':
      return t('lore');
    default:
      return kind satisfies never;
  }
}

/** How a relationship is named where it is listed: "Mara sister of Tomas". */
export function relationshipName(draft: WorldDraft, r: WorldDraft['relationships'][number]): string {
  const node = (id: string) =>
    nodeName(
      draft.nodes.find((n) => n.id === id),
      '?',
    );
  return t('{from} {label} {to}', { from: node(r.from), label: r.label.trim() || '…', to: node(r.to) });
}
