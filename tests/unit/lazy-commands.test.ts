// A group of worker commands loaded on first use (host/lazy-commands.ts): nothing loads before a call,
// the group loads once, every call reaches it with its arguments, and a failed load is tried again.
import { describe, expect, it } from 'vitest';
import { lazyCommands } from '../../src/workers/host/lazy-commands.ts';

interface Group {
  add(a: number, b: number): Promise<number>;
  echo(text: string, onText: (t: string) => void): Promise<string>;
}

const NAMES = { add: true, echo: true } satisfies Record<keyof Group, true>;

function counted(fail = 0) {
  let loads = 0;
  const load = async (): Promise<Group> => {
    loads++;
    if (loads <= fail) throw new Error('chunk not fetched');
    return {
      add: async (a, b) => a + b,
      async echo(text, onText) {
        onText(text);
        return text.toUpperCase();
      },
    };
  };
  return { load, loads: () => loads };
}

describe('lazy command groups', () => {
  it('loads nothing until a command is called, then loads the group once', async () => {
    const { load, loads } = counted();
    const group = lazyCommands(NAMES, load);
    expect(Object.keys(group).sort()).toEqual(['add', 'echo']);
    expect(loads()).toBe(0);
    const heard: string[] = [];
    const [sum, echoed] = await Promise.all([group.add(2, 3), group.echo('hi', (t) => heard.push(t))]);
    expect([sum, echoed, heard]).toEqual([5, 'HI', ['hi']]);
    await group.add(1, 1);
    expect(loads()).toBe(1);
  });

  it('tries the load again after a failed one', async () => {
    const { load, loads } = counted(1);
    const group = lazyCommands(NAMES, load);
    await expect(group.add(1, 2)).rejects.toThrow('chunk not fetched');
    await expect(group.add(1, 2)).resolves.toBe(3);
    expect(loads()).toBe(2);
  });
});
