// Where the chronology ends when the stored leaf cannot be followed (U5, issue 39): a peer may name a
// turn nobody has, or a depth no turn sits at. The story then shows the newest turn whose path to the
// root is sound, and the leaf stays damage to tell (story-problems) and to repair (writing this one).

/** What the leaf search needs of one stored turn; undefined: absent or unreadable (on no path). */
export interface LeafCandidate {
  parent: string | null;
  createdAt: string;
  /** A segmented story's turn whose parent sits in a band not loaded here: its path goes on there. */
  parentAway?: boolean;
  /** A segmented story's stored depth (where a path from a band not loaded starts counting). */
  depth?: number;
}

/**
 * The newest turn (by `createdAt`; ties by the longer path, then the greater id, so every device picks
 * the same) whose every ancestor is readable, with no loop, up to a root (or to a band not loaded).
 * Newest, since it is what the story's writers did last: the path a person was most likely reading.
 * Linear in the turns read: each turn's verdict is kept.
 */
export function newestSoundTurn(
  ids: Iterable<string>,
  read: (id: string) => LeafCandidate | undefined,
): string | null {
  /** A turn's place on a sound path (its depth), or -1 when its path up is not sound. */
  const depthOf = new Map<string, number>();
  const placed = (start: string): number => {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let base = -1;
    for (let id = start; ;) {
      const known = depthOf.get(id);
      if (known !== undefined) {
        base = known < 0 ? -1 : known + 1;
        break;
      }
      const turn: LeafCandidate | undefined = onChain.has(id) ? undefined : read(id);
      if (!turn) break;
      chain.push(id);
      onChain.add(id);
      if (turn.parent === null || turn.parentAway) {
        base = turn.depth ?? 0;
        break;
      }
      id = turn.parent;
    }
    // `base` is the depth of the chain's last turn (or -1); those below it count down from it.
    for (let i = chain.length - 1, d = base; i >= 0; i--, d = d < 0 ? -1 : d + 1)
      depthOf.set(chain[i] as string, base < 0 ? -1 : d);
    return depthOf.get(start) ?? -1;
  };
  let best: { id: string; createdAt: string; depth: number } | null = null;
  for (const id of ids) {
    const turn = read(id);
    const depth = turn ? placed(id) : -1;
    if (!turn || depth < 0) continue;
    const newer =
      !best ||
      turn.createdAt > best.createdAt ||
      (turn.createdAt === best.createdAt && (depth > best.depth || (depth === best.depth && id > best.id)));
    if (newer) best = { id, createdAt: turn.createdAt, depth };
  }
  return best?.id ?? null;
}
