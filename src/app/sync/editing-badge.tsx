// "Ana is editing this": shown next to a variant another device is editing, in that device's colour.
import { Show, type JSX } from 'solid-js';
import type { Peer } from '../../workers/api.ts';
import { nameList, t } from '../i18n/ui-text.ts';
import './sync.css';

export function editingText(peers: Peer[]): string {
  const names = [...new Set(peers.map((p) => p.user.name))];
  if (names.length === 0) return '';
  if (names.length === 1) return t('{name} is editing this', { name: names[0] ?? '' });
  return t('{names} and {last} are editing this', {
    names: nameList(names.slice(0, -1)),
    last: names.at(-1) ?? '',
  });
}

export function EditingBadge(props: { peers: Peer[] }): JSX.Element {
  return (
    <Show when={props.peers.length > 0}>
      <span class="editing-badge" style={{ '--peer-color': props.peers[0]?.user.color }}>
        {editingText(props.peers)}
      </span>
    </Show>
  );
}
