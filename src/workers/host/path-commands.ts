// Moving the active path without writing turns: delete messages as a branch cut (D12), and make a
// path's last turn active again (the cut's Undo, the way back after "Branch from here").
import { DocOrigin } from '../../driver/doc/origins.ts';
import { cutPathAt } from '../../driver/doc/path-cut.ts';
import { setActiveLeaf } from '../../driver/doc/tree.ts';
import { hasTurn } from '../../driver/doc/turns.ts';
import type { PathApi } from '../api/path.ts';
import { uiText } from '../i18n/ui-text.ts';
import { isFailure, noTurn, type HostContext } from './context.ts';

export function pathCommands(ctx: HostContext): PathApi {
  return {
    async cutPath(storyId, turnId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!hasTurn(story.doc, turnId)) return noTurn(turnId);
      const cut = cutPathAt(story.doc, turnId, DocOrigin.person);
      if (cut.ok) return cut;
      return {
        ok: false,
        code: 'invalid',
        detail: uiText(
          'That turn is no longer in the story as shown (it changed on another device or in another tab), so nothing was deleted. Look at the story again and delete it there.',
        ),
      };
    },
    async returnToLeaf(storyId, leaf) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!hasTurn(story.doc, leaf)) return noTurn(leaf);
      setActiveLeaf(story.doc, leaf, DocOrigin.person);
      return { ok: true };
    },
  };
}
