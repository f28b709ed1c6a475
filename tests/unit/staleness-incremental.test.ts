// Staleness after an edit is recomputed from the edited turn forward, never from the root: a views
// object that lived through a seeded sequence of edits (near the end, far back, views, alternatives,
// branch switches, Delete as a path cut, Keep) must give what a from-scratch pass gives, both the
// views' own and an independent one written here from the rule (D4, D5).
import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { editSource, activeLeaf, hasTurn, readTurn, turnParent } from '../../src/driver/doc/turns.ts';
import { editPovText, writePov } from '../../src/driver/doc/pov.ts';
import { newestLeafUnder, setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { cutPathAt } from '../../src/driver/doc/path-cut.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { EMPTY_HISTORY, fingerprint } from '../../src/driver/views/fingerprint.ts';
import { acceptStale } from '../../src/driver/views/keep.ts';
import { createStoryViews, type StaleItem, type StoryViews } from '../../src/driver/views/story-views.ts';
import { JANE, JESS, USER, makeStory, type StoryFixture } from '../support/story-fixture.ts';
import { mulberry32, type Rng } from '../support/prng.ts';

const PEOPLE = [USER, JANE, JESS];
const STORY_TURNS = 160;
const STEPS = 120;
/** "Near the end": within this many turns of the active leaf. */
const NEAR_END = 12;

/** The path to `leaf` and its stale items and histories, computed from the document alone. */
function fromScratch(doc: Y.Doc, leaf: string | null) {
  const ids: string[] = [];
  for (let id = leaf; id !== null && hasTurn(doc, id); id = turnParent(doc, id)) ids.unshift(id);
  const hist = new Map<string, string>();
  const tainted = new Set<string>();
  const stale: StaleItem[] = [];
  const before = (who: string) => hist.get(who) ?? EMPTY_HISTORY;
  for (const id of ids) {
    const t = readTurn(doc, id);
    const turnStale = t.origin === 'generated' && (t.basis !== before(t.author) || tainted.has(t.author));
    const newlyTainted = turnStale ? [t.author] : [];
    if (turnStale) stale.push({ turnId: id });
    for (const who of t.audiences) {
      const rec = t.pov[who];
      if (who === t.author || !rec) continue;
      const expected = fingerprint(before(who), fingerprint(t.source));
      if (rec.basis !== expected || tainted.has(who) || turnStale) {
        stale.push({ turnId: id, audience: who });
        newlyTainted.push(who);
      }
    }
    for (const who of t.audiences) {
      const rec = t.pov[who];
      const [kind, text] =
        who === t.author
          ? ['own', t.source]
          : !rec
            ? ['missing', '']
            : rec.perceived
              ? ['perceived', rec.text]
              : ['nothing', ''];
      hist.set(who, fingerprint(before(who), t.author, kind, text));
    }
    newlyTainted.forEach((who) => tainted.add(who));
  }
  return { ids, stale, hist: Object.fromEntries(PEOPLE.map((p) => [p, before(p)])) };
}

/** What the kept views say of the path to `leaf`, in the shape `fromScratch` returns. */
function viewsSay(views: StoryViews, leaf: string | null) {
  return {
    ids: views.path(leaf).map((n) => n.id),
    stale: views.staleItems(leaf),
    hist: Object.fromEntries(PEOPLE.map((p) => [p, views.historyThrough(p, leaf)])),
  };
}

/** A story of `turns` turns in rotation, characters' turns generated, every view fresh. */
function longStory(turns: number): StoryFixture {
  const f = makeStory();
  for (let i = 0; i < turns; i++) {
    const author = PEOPLE[i % PEOPLE.length] as string;
    const id = f.say(author, `turn ${i} by ${author}`, {
      origin: author === USER ? 'authored' : 'generated',
    });
    f.projectAll(id);
  }
  return f;
}

const pathNow = (f: StoryFixture) => f.views.path().map((n) => n.id);
const nearEnd = (rng: Rng, path: readonly string[]) => rng.pick(path.slice(-NEAR_END));
const farBack = (rng: Rng, path: readonly string[]) => rng.pick(path.slice(0, Math.max(1, path.length >> 3)));

/** One edit of the kinds a person makes, picked at random; returns what it was, for failure messages. */
function randomEdit(f: StoryFixture, rng: Rng, step: number): string {
  const path = pathNow(f);
  if (!path.length) return 'empty path';
  switch (rng.int(10)) {
    case 0:
    case 1: {
      const id = nearEnd(rng, path);
      editSource(f.doc, id, { delta: [{ insert: `edit ${step} ` }] });
      return `source near the end ${id}`;
    }
    case 2: {
      const id = farBack(rng, path);
      editSource(f.doc, id, { text: `rewritten far back ${step}` });
      return `source far back ${id}`;
    }
    case 3: {
      const id = nearEnd(rng, path);
      const n = f.views.node(id);
      const audience = [...n.pov.keys()].find((a) => n.turn.pov[a]);
      if (!audience) return `no view at ${id}`;
      editPovText(f.doc, id, audience, { text: `seen again ${step}` }, n.pov.get(audience)?.expected ?? '');
      return `view edited by hand ${id}/${audience}`;
    }
    case 4: {
      const id = nearEnd(rng, path);
      const audience = rng.pick([...f.views.node(id).pov.keys()]);
      // A projection made again from an outdated history: stale at once.
      writePov(f.doc, id, audience, {
        perceived: true,
        text: `late ${step}`,
        basis: `outdated ${step}`,
        origin: 'generated',
        createdAt: f.now(),
      });
      return `stale view ${id}/${audience}`;
    }
    case 5: {
      const at = nearEnd(rng, path);
      const parent = turnParent(f.doc, at);
      const author = readTurn(f.doc, at).author;
      const id = f.say(author, `alternative ${step}`, {
        parent,
        origin: author === USER ? 'authored' : 'generated',
        id: `alt${step}`,
      });
      if (rng.chance(0.7)) f.projectAll(id);
      return `new alternative ${id} beside ${at}`;
    }
    case 6: {
      const turns = [...turnsMap(f.doc).keys()].sort();
      const leaf = newestLeafUnder(f.doc, rng.pick(turns));
      setActiveLeaf(f.doc, leaf);
      return `switched to the branch of ${leaf}`;
    }
    case 7: {
      const id = rng.chance(0.8) ? nearEnd(rng, path) : rng.pick(path);
      cutPathAt(f.doc, id);
      return `deleted from ${id}`;
    }
    case 8:
      acceptStale(f.doc, f.views);
      return 'kept everything as it is';
    default: {
      const author = rng.pick(PEOPLE);
      const id = f.say(author, `next ${step}`, {
        origin: author === USER ? 'authored' : 'generated',
        id: `next${step}`,
      });
      f.projectAll(id);
      return `appended ${id}`;
    }
  }
}

describe('[D4][D5] staleness after an edit, recomputed from the edited turn on', () => {
  for (let seed = 1; seed <= Number(process.env.SEEDS ?? 6); seed++) {
    it(`[D4][D5] seed ${seed}: ${STEPS} edits on a ${STORY_TURNS}-turn story read as a pass from scratch`, () => {
      const rng = mulberry32(7000 + seed);
      const f = longStory(STORY_TURNS);
      expect(f.views.staleItems()).toEqual([]);
      for (let step = 0; step < STEPS; step++) {
        const what = randomEdit(f, rng, step);
        const leaf = activeLeaf(f.doc);
        const fresh = createStoryViews(f.doc);
        const reference = fromScratch(f.doc, leaf);
        expect(viewsSay(f.views, leaf), `seed ${seed} step ${step}: ${what}`).toEqual(reference);
        expect(viewsSay(fresh, leaf), `seed ${seed} step ${step}: ${what} (fresh views)`).toEqual(reference);
        // Another branch now and then: the kept views switch paths without losing either.
        const turns = [...turnsMap(f.doc).keys()].sort();
        const other = rng.pick(turns);
        expect(viewsSay(f.views, other), `seed ${seed} step ${step}: read at ${other}`).toEqual(
          fromScratch(f.doc, other),
        );
        fresh.dispose();
      }
    });
  }

  it('[D5] an edit near the end recomputes only the turns from it on; the nodes before are kept', () => {
    const f = longStory(STORY_TURNS);
    const before = f.views.path();
    const k = STORY_TURNS - 5;
    editSource(f.doc, before[k]?.id as string, { text: 'changed near the end' });
    const after = f.views.path();
    const stale = f.views.staleItems();
    expect(after.slice(0, k).every((n, i) => n === before[i])).toBe(true);
    expect(after.slice(k).some((n, i) => n === before[k + i])).toBe(false);
    expect(stale).toEqual(fromScratch(f.doc, activeLeaf(f.doc)).stale);
    expect(stale[0]?.turnId).toBe(before[k]?.id);
  });

  it('[D5] an edit far back still makes everything after it stale', () => {
    const f = longStory(STORY_TURNS);
    const path = f.views.path();
    editSource(f.doc, path[2]?.id as string, { text: 'changed far back' });
    const stale = f.views.staleItems();
    expect(stale).toEqual(fromScratch(f.doc, activeLeaf(f.doc)).stale);
    // Every view from that turn on, and every generated turn after it.
    const generatedAfter = path.slice(3).filter((n) => n.turn.origin === 'generated').length;
    expect(stale).toHaveLength((STORY_TURNS - 2) * (PEOPLE.length - 1) + generatedAfter);
  });
});
