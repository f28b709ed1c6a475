// What the person sees of a trashed thing in an assistant's trash: an entry's title or first key,
// a node's name, a world's or a preset's prompt's path, a preset's title.
import type { TrashedItem } from '../../workers/api.ts';

export function trashedLabel(item: TrashedItem): string {
  switch (item.kind) {
    case 'lore-entry':
      return item.entry.title || item.entry.keys[0] || item.entry.id;
    case 'world-node':
      return item.node.name;
    case 'world-prompt':
    case 'preset-prompt':
      return item.path;
    case 'preset':
      return item.preset.title;
    default:
      return item satisfies never;
  }
}
