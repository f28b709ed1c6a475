// Text brought from a card (its fields, its book's entries, a persona) names the character ${name} and
// the user ${user}, as an import converts {{char}} and {{user}}: filled with the story's names where
// it is told. Any other ${…} in such text stays as written (it is the card's, not a prompt variable).

export function withNames(text: string, names: { name: string; user: string }): string {
  return text.replace(/\$\{(name|user)\}/g, (_, which: 'name' | 'user') => names[which]);
}
