// Text from the person's files (a card's fields, its book's entries, a persona, the Author's Note, a
// world's nodes) names the character and the user as it was written: ${name} and ${user} (what an
// import converts to), or SillyTavern's {{char}}, <BOT>, <CHAR> and {{user}}, <USER>, in any case (what
// the person typed in an editor, or a book kept as it came). The text is stored as written; every form
// is filled with the story's names here, where a request is built (K10). Any other ${…} or {{…}} in
// such text stays as written (it is the text's, not a prompt variable).

const NAMES = /\$\{(name|user)\}|\{\{(char|user)\}\}|<(bot|char|user)>/gi;

export function withNames(text: string, names: { name: string; user: string }): string {
  return text.replace(NAMES, (whole: string, variable?: string, macro?: string, legacy?: string) => {
    // ${…} is our own variable: its case is exact, as prompts write it.
    if (variable !== undefined) return variable === 'name' || variable === 'user' ? names[variable] : whole;
    const which = (macro ?? legacy ?? '').toLowerCase();
    return which === 'user' ? names.user : names.name;
  });
}
