// A proposed change's heading, worded from what the change is about (the proposing tool set it: an
// entry, a prompt, a world's place…) and what it does; a proposal stored before headings were kept
// is named by its action alone.
import type { Proposal } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

type Action = Proposal['action'];
type Words = Record<Action, string>;

/** The headings of one kind of thing, {label} its name; `settings` where the thing has none of its own. */
function words(label: string, heading: Proposal['heading']): Words {
  const l = { label };
  const generic = {
    create: t('New “{label}”', l),
    edit: t('Edit “{label}”', l),
    delete: t('Delete “{label}” (it goes to the trash)', l),
    settings: t('Change “{label}”', l),
  };
  switch (heading) {
    case undefined:
      return generic;
    case 'entry':
      return {
        ...generic,
        create: t('New entry “{label}”', l),
        edit: t('Edit entry “{label}”', l),
        delete: t('Delete entry “{label}” (it goes to the trash)', l),
      };
    case 'lorebook':
      return { ...generic, settings: t('Change the lorebook “{label}”', l) };
    case 'prompt':
      return {
        ...generic,
        create: t('New prompt “{label}”', l),
        edit: t('Edit prompt “{label}”', l),
        delete: t('Delete prompt “{label}” (it goes to the trash)', l),
      };
    case 'sampling':
      return { ...generic, settings: t('Change the sampling of “{label}”', l) };
    case 'world':
      return { ...generic, settings: t('Change the world “{label}”', l) };
    case 'character':
      return {
        ...generic,
        create: t('New character “{label}”', l),
        edit: t('Edit character “{label}”', l),
        delete: t('Delete character “{label}” (it goes to the trash)', l),
      };
    case 'place':
      return {
        ...generic,
        create: t('New place “{label}”', l),
        edit: t('Edit place “{label}”', l),
        delete: t('Delete place “{label}” (it goes to the trash)', l),
      };
    case 'faction':
      return {
        ...generic,
        create: t('New faction “{label}”', l),
        edit: t('Edit faction “{label}”', l),
        delete: t('Delete faction “{label}” (it goes to the trash)', l),
      };
    case 'thing':
      return {
        ...generic,
        create: t('New thing “{label}”', l),
        edit: t('Edit thing “{label}”', l),
        delete: t('Delete thing “{label}” (it goes to the trash)', l),
      };
    case 'lore':
      return {
        ...generic,
        create: t('New lore “{label}”', l),
        edit: t('Edit lore “{label}”', l),
        delete: t('Delete lore “{label}” (it goes to the trash)', l),
      };
    case 'fix': {
      // A doctor's fix is named by what it mends, whatever it does.
      const fix = t('Fix: {label}', l);
      return { create: fix, edit: fix, delete: fix, settings: fix };
    }
    case 'glossary':
      return {
        ...generic,
        create: t('Glossary of the new world “{label}”', l),
        edit: t('Change the glossary of “{label}”', l),
      };
    case 'translation':
      return { ...generic, create: t('Translate “{label}”', l), edit: t('Translate “{label}” again', l) };
    default:
      return heading satisfies never;
  }
}

export const changeHeading = (p: Proposal): string => words(p.label, p.heading)[p.action];
