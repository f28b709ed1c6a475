// The nodes of a prose tree as the view shows them (prose-tree.ts makes them, prose-join.ts joins the
// pieces of a long text, prose-text.tsx draws them): a file of its own, so that none of those imports another's.
export type ProseInline =
  | { kind: 'text'; text: string; speech: boolean }
  | { kind: 'break' }
  | { kind: 'code'; text: string }
  | { kind: 'emphasis' | 'strong'; children: ProseInline[] };

export type ProseBlock =
  | { kind: 'paragraph' | 'heading'; children: ProseInline[] }
  | { kind: 'quote'; children: ProseBlock[] }
  | { kind: 'list'; ordered: boolean; start: number; items: ProseBlock[][] }
  | { kind: 'code-block'; text: string }
  | { kind: 'rule' };
