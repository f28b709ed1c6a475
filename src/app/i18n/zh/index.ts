// The interface's Chinese dictionary, one file per area so the areas can be edited apart;
// tests/unit/messages.test.ts keeps the areas disjoint, every t() call translated and every entry used.
import type { Messages } from '../../../driver/i18n/translate.ts';
import { ZH_COMMON } from './common.ts';
import { ZH_INSPECTOR } from './inspector.ts';
import { ZH_LIBRARY } from './library.ts';
import { ZH_MEMORY } from './memory.ts';
import { ZH_PROMPTS } from './prompts.ts';
import { ZH_SETTINGS } from './settings.ts';
import { ZH_SHELL } from './shell.ts';
import { ZH_STORY } from './story.ts';
import { ZH_SYNC } from './sync.ts';
import { ZH_WORLDS } from './worlds.ts';
import { ZH_LOREBOOKS } from './lorebooks.ts';
import { ZH_PLAY } from './play.ts';
import { ZH_ROW_CONTROLS } from './row-controls.ts';
import { ZH_POINT_OF_VIEW } from './point-of-view.ts';
import { ZH_STORY_LIST } from './story-list.ts';
import { ZH_CAST } from './cast.ts';
import { ZH_PLAY_SETTINGS } from './play-settings.ts';
import { ZH_LIBRARY_CARDS } from './library-cards.ts';
import { ZH_REQUEST_DEADLINE } from './request-deadline.ts';
import { ZH_EVAL } from './eval.ts';
import { ZH_ASSISTANT } from './assistant.ts';
import { ZH_UNREADABLE } from './unreadable.ts';
import { ZH_CARD_READING } from './card-reading.ts';
import { ZH_PLOT_HINT } from './plot-hint.ts';
import { ZH_DICE } from './dice.ts';
import { ZH_PRESET_ASSISTANT } from './preset-assistant.ts';
import { ZH_PRESET_LIBRARY } from './preset-library.ts';
import { ZH_WORLD_TRANSLATE } from './world-translate.ts';
import { ZH_DOCTOR } from './doctor.ts';
import { ZH_CHARACTER_DICE } from './character-dice.ts';
import { ZH_ASSISTANT_TURNS } from './assistant-turns.ts';
import { ZH_ASSISTANT_HEADINGS } from './assistant-headings.ts';
import { ZH_WAITING } from './waiting.ts';
import { ZH_WHO_WAS_THERE } from './who-was-there.ts';

export const UI_MESSAGE_AREAS: Readonly<Record<string, Messages>> = {
  common: ZH_COMMON,
  shell: ZH_SHELL,
  library: ZH_LIBRARY,
  story: ZH_STORY,
  inspector: ZH_INSPECTOR,
  memory: ZH_MEMORY,
  settings: ZH_SETTINGS,
  prompts: ZH_PROMPTS,
  sync: ZH_SYNC,
  worlds: ZH_WORLDS,
  lorebooks: ZH_LOREBOOKS,
  play: ZH_PLAY,
  'row-controls': ZH_ROW_CONTROLS,
  'point-of-view': ZH_POINT_OF_VIEW,
  'story-list': ZH_STORY_LIST,
  cast: ZH_CAST,
  playSettings: ZH_PLAY_SETTINGS,
  eval: ZH_EVAL,
  'library-cards': ZH_LIBRARY_CARDS,
  'request-deadline': ZH_REQUEST_DEADLINE,
  assistant: ZH_ASSISTANT,
  unreadable: ZH_UNREADABLE,
  'card-reading': ZH_CARD_READING,
  'plot-hint': ZH_PLOT_HINT,
  dice: ZH_DICE,
  presetAssistant: ZH_PRESET_ASSISTANT,
  presetLibrary: ZH_PRESET_LIBRARY,
  'world-translate': ZH_WORLD_TRANSLATE,
  doctor: ZH_DOCTOR,
  'character-dice': ZH_CHARACTER_DICE,
  assistantTurns: ZH_ASSISTANT_TURNS,
  assistantHeadings: ZH_ASSISTANT_HEADINGS,
  waiting: ZH_WAITING,
  'who-was-there': ZH_WHO_WAS_THERE,
};

export const UI_MESSAGES_ZH: Messages = Object.assign({}, ...Object.values(UI_MESSAGE_AREAS));
