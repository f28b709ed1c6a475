// A long Story JSON for the virtualised transcript: the user and Jane take turns, each turn's other
// audience perceived it; the user's row of turn i reads "Line i.".
const USER_ID = 'u';
const JANE_ID = 'jane';

/** A story of `turns` turns, the last one active; turn i's text for the user is `Line ${i}.` */
export function longStoryJson(turns) {
  const list = [];
  for (let i = 0; i < turns; i++) {
    const own = i % 2 === 0;
    list.push({
      id: `t${i}`,
      parent: i === 0 ? null : `t${i - 1}`,
      author: own ? USER_ID : JANE_ID,
      audiences: [USER_ID, JANE_ID],
      origin: own ? 'authored' : 'generated',
      source: own ? `Line ${i}.` : `I say line ${i}, thinking of nothing much.`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      pov: own
        ? { [JANE_ID]: { perceived: true, text: `You hear line ${i}.` } }
        : { [USER_ID]: { perceived: true, text: `Line ${i}.` } },
    });
  }
  return {
    format: 'rashomon.story',
    version: 1,
    id: 'long-night',
    title: 'A long night',
    language: 'en',
    participants: [
      { id: USER_ID, kind: 'user', name: 'Wren' },
      { id: JANE_ID, kind: 'character', name: 'Jane' },
    ],
    turns: list,
    activeLeaf: `t${turns - 1}`,
  };
}
