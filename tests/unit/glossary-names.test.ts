// How a translated text is checked against the glossary (assistant/translate/glossary-names.ts): names found
// case aside, whole words in alphabetic scripts, anywhere in Han; the longest name wins its span;
// a source name inside a target name is no slip.
import { describe, expect, it } from 'vitest';
import {
  breachesText,
  glossaryBreaches,
  namesIn,
} from '../../src/driver/assistant/translate/glossary-names.ts';

describe('the glossary check of a translated text', () => {
  it('[AT3] finds names case aside and as whole words only in alphabetic scripts', () => {
    expect(namesIn('mira sailed from MIRAMAR', ['Mira', 'Velmar'])).toEqual(new Set(['Mira']));
    expect(namesIn('Miramar', ['Mira'])).toEqual(new Set());
    expect(namesIn('米拉在维尔玛', ['米拉', '维尔玛'])).toEqual(new Set(['米拉', '维尔玛']));
    // A Latin name touching Han text is still a whole word.
    expect(namesIn('人称Mira船长', ['Mira'])).toEqual(new Set(['Mira']));
  });

  it("[AT3] the longest name wins its span: Mira's Rest is not also Mira", () => {
    expect(namesIn("At Mira's Rest", ['Mira', "Mira's Rest"])).toEqual(new Set(["Mira's Rest"]));
  });

  it('[AT3] names the source names used and the target names dropped', () => {
    const glossary = [
      { source: 'Mira', target: '米拉' },
      { source: 'Velmar', target: '维尔玛' },
      { source: 'Bran', target: 'Bran' },
    ];
    const breaches = glossaryBreaches('Mira of Velmar met Bran.', 'Mira见到了Bran。', glossary);
    expect(breaches).toEqual({ used: [glossary[0]], dropped: [glossary[0], glossary[1]] });
    expect(breachesText(breaches)).toBe(
      "The translation does not keep the glossary: it writes “Mira” where the glossary says “米拉”; it drops “米拉” (the glossary's name for “Mira”, which the source text has); it drops “维尔玛” (the glossary's name for “Velmar”, which the source text has).",
    );
    expect(breachesText(glossaryBreaches('Mira of Velmar.', '维尔玛的米拉。', glossary))).toBeNull();
  });

  it('[AT3] a source name inside a target name is that target name', () => {
    const glossary = [{ source: 'Velmar', target: 'Velmar Harbour' }];
    expect(glossaryBreaches('Velmar.', 'Velmar Harbour.', glossary)).toEqual({ used: [], dropped: [] });
    expect(glossaryBreaches('Velmar.', 'Velmar.', glossary).used).toEqual(glossary);
  });
});
