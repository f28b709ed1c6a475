// A library character's picture for a story started with it: found by name, as its lorebooks are
// (driver/world/start.ts), and only if it is an image a story may hold.
import type * as Y from 'yjs';
import { listCharacters } from '../../driver/doc/library-doc.ts';
import { readAvatar } from '../../driver/doc/avatar.ts';

export function libraryAvatar(library: Y.Doc, name: string): { avatar?: string } {
  const same = (a: string) => a.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase();
  const avatar = readAvatar(listCharacters(library).find((c) => same(c.name))?.avatar);
  return avatar ? { avatar } : {};
}
