// staleAfterEditMs for docScale: one edit a person makes near the end of a long story, written as the
// app writes it (edit-commands.ts, a regenerated turn), then the staleness the worker derives after it,
// timed on the views that lived through the edit. Each edit is then kept (re-stamped, not timed), so
// every one starts from a fresh story, as after play.
import type * as Y from 'yjs';
import { DocOrigin } from '../../src/driver/doc/origins.ts';
import { editPovText } from '../../src/driver/doc/pov.ts';
import { appendTurn, editSource } from '../../src/driver/doc/turns.ts';
import { acceptStale } from '../../src/driver/views/keep.ts';
import { staleHistory } from '../../src/driver/turns/stale-history.ts';
import type { StoryViews } from '../../src/driver/views/story-views.ts';
import { overview, transcriptSlice } from '../../src/workers/host/views.ts';
import { now } from './stats.ts';

/** "Near the end": the edited turn is this many turns before the active leaf. */
export const EDIT_DEPTH = 20;
const LAST = 50;

export const EDIT_KINDS = ['source', 'view', 'alternative'] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

export interface EditTiming {
  kind: EditKind;
  staleMs: number;
  staleTurns: number;
  uiSliceMs: number;
}

export function editNearEnd(doc: Y.Doc, views: StoryViews, kind: EditKind, n: number): EditTiming {
  const story = { doc, views };
  const path = views.path();
  const at = path[path.length - 1 - EDIT_DEPTH];
  if (!at) throw new Error(`a story of ${path.length} turns is too short to edit ${EDIT_DEPTH} from the end`);
  switch (kind) {
    case 'source':
      editSource(doc, at.id, { delta: [{ insert: `Edited ${n}. ` }] }, DocOrigin.person);
      break;
    case 'view': {
      const [audience, s] = [...at.pov][0] ?? [];
      if (!audience || !s) throw new Error(`turn ${at.id} has no view to edit`);
      editPovText(doc, at.id, audience, { delta: [{ insert: `Seen ${n}. ` }] }, s.expected, DocOrigin.person);
      break;
    }
    case 'alternative': {
      // A regenerated turn: a new sibling with its author's history as basis, its views still to come.
      const author = at.turn.author;
      appendTurn(
        doc,
        {
          id: `bench-alternative-${n}`,
          author,
          text: `An alternative, number ${n}.`,
          origin: 'generated',
          basis: views.historyThrough(author, at.turn.parent),
          parent: at.turn.parent,
          audiences: at.turn.audiences,
          createdAt: new Date(Date.UTC(2026, 1, 1) + n * 1000).toISOString(),
        },
        DocOrigin.driver,
      );
      break;
    }
    default:
      return kind satisfies never;
  }
  const start = now();
  const stale = staleHistory(story);
  const staleMs = now() - start;
  const { length } = overview(story);
  transcriptSlice(story, { start: length - LAST });
  const uiSliceMs = now() - start - staleMs;
  if (kind !== 'alternative' && !stale)
    throw new Error(`a ${kind} edit ${EDIT_DEPTH} from the end left nothing stale`);
  acceptStale(doc, views);
  return { kind, staleMs, staleTurns: stale?.turns.length ?? 0, uiSliceMs };
}
