// [K11] A library character's expression pictures in the library: a strip of named thumbnails from
// this device's store, and on a device without them a line saying where they are.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createComponent } from 'solid-js';
import { CharacterExpressions } from '../../src/app/library/character-expressions.tsx';
import { createFakeDriver } from './fake-driver.ts';
import { mountOver } from './driver-mount.ts';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

describe('[K11] expression pictures in the library', () => {
  it('[K11] shows the pictures this device keeps by name, and says where the others are', async () => {
    const fake = createFakeDriver();
    fake.handlers.characterExpressions = async () => ({
      ok: true,
      expressions: [
        { name: 'joy', src: PIXEL },
        { name: 'anger', src: PIXEL },
        { name: 'sad', src: null },
      ],
    });
    const { host, dispose } = mountOver(fake, () =>
      createComponent(CharacterExpressions, { characterId: 'c1', name: 'Yuna', count: 3 }),
    );
    onTestFinished(dispose);
    await expect
      .poll(() => [...host.querySelectorAll('.character-expressions img')].map((i) => i.getAttribute('alt')))
      .toEqual(['joy', 'anger']);
    expect(host.querySelector('ul')?.getAttribute('aria-label')).toBe('Expressions of Yuna');
    expect(host.textContent).toContain('Expressions: 3');
    expect(host.textContent).toContain(
      'Expression pictures not on this device (1): they are on the device that imported this card.',
    );
  });
});
