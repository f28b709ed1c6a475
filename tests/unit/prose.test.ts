// The prose tokenizer of the transcript: *actions* and quoted speech become segments, anything
// unmatched stays plain text, and the text itself is never changed beyond dropping action asterisks.
import { describe, expect, it } from 'vitest';
import { tokenizeProse, type ProseSegment } from '../../src/app/ui/prose.ts';

const plain = (text: string): ProseSegment => ({ text, action: false, speech: false });
const action = (text: string): ProseSegment => ({ text, action: true, speech: false });
const speech = (text: string): ProseSegment => ({ text, action: false, speech: true });

describe('tokenizeProse', () => {
  it('keeps plain text as one segment, and nothing as nothing', () => {
    expect(tokenizeProse('You hear a knock.')).toEqual([plain('You hear a knock.')]);
    expect(tokenizeProse('')).toEqual([]);
  });

  it('marks *actions* and drops their asterisks', () => {
    expect(tokenizeProse('*She smiles.* Then nothing.')).toEqual([
      action('She smiles.'),
      plain(' Then nothing.'),
    ]);
    expect(tokenizeProse('**Bold** move')).toEqual([action('Bold'), plain(' move')]);
  });

  it('marks quoted speech and keeps the quotes', () => {
    expect(tokenizeProse('She asks, "Who goes there?" and waits.')).toEqual([
      plain('She asks, '),
      speech('"Who goes there?"'),
      plain(' and waits.'),
    ]);
    expect(tokenizeProse('“Hello,” he says.')).toEqual([speech('“Hello,”'), plain(' he says.')]);
    expect(tokenizeProse('她说：「你好。」')).toEqual([plain('她说：'), speech('「你好。」')]);
  });

  it('shows as speech every quotation validation reads as speech, and an apostrophe does not end one', () => {
    expect(tokenizeProse('She mouths «Run» and points.')).toEqual([
      plain('She mouths '),
      speech('«Run»'),
      plain(' and points.'),
    ]);
    expect(tokenizeProse('‘I don’t know,’ she says.')).toEqual([
      speech('‘I don’t know,’'),
      plain(' she says.'),
    ]);
  });

  it('nests speech in an action and an action in speech', () => {
    expect(tokenizeProse('*She shouts "Run!"*')).toEqual([
      action('She shouts '),
      { text: '"Run!"', action: true, speech: true },
    ]);
    expect(tokenizeProse('"I *really* mean it."')).toEqual([
      speech('"I '),
      { text: 'really', action: true, speech: true },
      speech(' mean it."'),
    ]);
  });

  it('leaves unmatched or spaced asterisks and unclosed quotes as they are', () => {
    expect(tokenizeProse('2 * 3 = 6')).toEqual([plain('2 * 3 = 6')]);
    expect(tokenizeProse('*unfinished')).toEqual([plain('*unfinished')]);
    expect(tokenizeProse('He said "wait')).toEqual([plain('He said "wait')]);
  });

  it('keeps markup-looking text as text', () => {
    const text = '<img src=x onerror=alert(1)> *<b>bold</b>*';
    const segments = tokenizeProse(text);
    expect(segments.map((s) => s.text).join('')).toBe('<img src=x onerror=alert(1)> <b>bold</b>');
  });
});
