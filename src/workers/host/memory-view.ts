// "What X remembers": one participant's chronicle as the active path sees it, for the UI — its
// memories (chronicled and its own), its current state, the changes waiting for the person's review,
// and the audit of what was refused — with names for ids. Built in the worker from the driver's views.
import type { StateDomain } from '../../driver/doc/chronicle.ts';
import type { Story } from '../../driver/env.ts';
import { activeLeaf } from '../../driver/doc/turns.ts';
import { pathIndexOf } from '../../driver/turns/chronicler.ts';
import { chronicleOnPath } from '../../driver/memory/chronicle-on-path.ts';
import type { MemoryView } from '../api.ts';

export function memoryView(story: Story, who: string): MemoryView {
  const { nameOf } = story.views.cast();
  const chronicle = story.views.chronicle(who);
  const leaf = activeLeaf(story.doc);
  const index = pathIndexOf(story, leaf);
  const transcript = leaf === null ? [] : story.views.transcript(who, { leaf });
  const { entries, fresh, pending, state, memories } = chronicleOnPath(chronicle, index, transcript);
  const own = new Set(chronicle.memoryEdits.flatMap((e) => (e.kind === 'added' ? [e.memory.id] : [])));
  return {
    participant: who,
    name: nameOf(who),
    memories: memories
      .sort((a, b) => a.at - b.at)
      .map(({ memory }) => ({ ...memory, byPerson: own.has(memory.id) })),
    state: Object.entries(state).flatMap(([subject, domains]) =>
      Object.entries(domains).map(([domain, value]) => ({
        subject,
        subjectName: nameOf(subject),
        domain: domain as StateDomain,
        value,
      })),
    ),
    pending: pending.map(({ change }) => ({ ...change, subjectName: nameOf(change.subject) })),
    events: fresh.flatMap(({ entry }) => entry.events),
    uncertainties: fresh.flatMap(({ entry }) => entry.uncertainties.map((u) => u.text)),
    // What was refused of turns on this path only, like everything else here.
    audit: chronicle.audit
      .filter((a) => a.turns.every((t) => index.has(t)))
      .sort((a, b) => (a.at < b.at ? 1 : -1)),
    staleEntries: entries.length - fresh.length,
    chronicledTurns: new Set(fresh.flatMap(({ entry }) => entry.turns)).size,
  };
}
