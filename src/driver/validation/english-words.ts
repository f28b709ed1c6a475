// Word lists behind the English prose heuristics. Verbs are listed by base form; anything not listed
// is never a reason to reject, so the lists name only what clearly authors someone's response.

import { AuthoredKind } from './types.ts';

const words = (list: string): string[] => list.trim().split(/\s+/);

const AUTHORED_VERBS: Readonly<Record<AuthoredKind, string>> = {
  reaction: `stumble stagger freeze step jump leap spring run flee bolt dash rush hurry sprint charge
    lunge hide duck dodge crouch kneel retreat recoil back flinch wince startle jolt jerk shiver
    shudder tremble shake gulp swallow blink stare glance look peer peek turn spin whirl wheel reach
    grab grasp seize snatch clutch grip take pick lift raise lower drop throw toss push shove pull tug
    open close shut lock knock enter leave exit walk move stride march pace approach follow climb
    crawl creep sneak tiptoe slip slide rise fall collapse faint lean nod shrug smile grin frown scowl
    smirk blush flush pale stiffen tense relax brace clench sob weep cry scream shriek laugh chuckle
    giggle sigh groan moan gasp yelp squeal let pause hesitate stop begin start try attempt manage
    continue keep go head return get draw fumble scramble wave point gesture bow hug kiss slap punch
    kick hit strike attack fight swing stab help thank apologize apologise obey refuse ignore cower
    squirm gape cringe`,
  speech: `say ask reply answer respond shout yell whisper call mutter murmur mumble exclaim tell speak
    stammer stutter blurt retort protest demand insist plead beg agree greet hiss growl swear curse`,
  decision: 'decide choose resolve opt determine plan intend',
  thought: `think wonder conclude suspect believe guess assume suppose reckon figure
    imagine remember recall doubt hope wish want expect consider ponder muse reflect worry`,
  feeling: 'fear dread panic hate regret despair envy',
};

/** Base form → what a clause with that verb authors. */
export const AUTHORED_VERB_KIND: ReadonlyMap<string, AuthoredKind> = new Map(
  Object.values(AuthoredKind).flatMap((kind) =>
    words(AUTHORED_VERBS[kind]).map((verb) => [verb, kind] as const),
  ),
);

/** Verbs of perceiving: the projection's own business. `feel`, `make` and `catch` get a closer look. */
export const PERCEPTION_VERBS: ReadonlySet<string> = new Set(
  words(`hear see notice smell sense taste spot glimpse spy detect perceive observe witness watch catch
    discern recognize recognise overhear listen feel make`),
);

/** What `catch` is followed by when it means perceiving ("catch a glimpse") rather than grabbing. */
export const CAUGHT_PERCEPTS: ReadonlySet<string> = new Set(
  words('sight glimpse whiff scent sound smell snatch hint movement flash word words glint murmur'),
);

export const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  words(`froze:freeze frozen:freeze said:say thought:think felt:feel saw:see seen:see heard:hear
    ran:run fell:fall fallen:fall took:take taken:take shook:shake shaken:shake hid:hide hidden:hide
    spoke:speak told:tell leapt:leap rose:rise got:get went:go drew:draw caught:catch began:begin
    begun:begin struck:strike swore:swear fled:flee chose:choose threw:throw thrown:throw spun:spin
    crept:creep slid:slide wept:weep sprang:spring sprung:spring swung:swing fought:fight made:make
    kept:keep smelt:smell`).map((pair) => pair.split(':') as [string, string]),
);

/** Words that can stand between the subject and its verb without changing who acts. */
export const SKIPPED_BEFORE_VERB: ReadonlySet<string> = new Set(
  words(`can could cannot can't couldn't do does don't doesn't did didn't will would won't wouldn't
    must might may should shall have has had 've 'll 'd just only also still then now almost nearly
    barely hardly even already all both never always simply really finally first again soon instead
    too not`),
);

/**
 * Words that tell what may or will happen, not what does ("Jess might run", "User is going to
 * follow"): about another participant, an actor's guess. "Can" is not one: "you can't help but laugh".
 */
export const HYPOTHETICAL_MODALS: ReadonlySet<string> = new Set(
  words(`will would won't wouldn't 'll 'd might may must should shall could going`),
);

/** A form of "be": what follows is a state, judged by the adjective lists below. */
export const COPULAS: ReadonlySet<string> = new Set(words("are were 're is was am be been being"));

export const EMOTIONS: ReadonlySet<string> = new Set(
  words(`afraid scared frightened terrified petrified nervous anxious uneasy worried angry furious
    annoyed irritated sad happy glad relieved joyful ashamed embarrassed guilty jealous excited curious
    confused surprised shocked hopeful lonely calm safe horrified disgusted amused bored grateful proud
    betrayed humiliated helpless hopeless desperate panicked elated thrilled alarmed dismayed fear dread
    anger joy relief shame guilt panic sorrow grief sadness happiness excitement curiosity hope love
    hatred disgust horror awe pity sympathy suspicion suspicious apprehension apprehensive confident
    doubt determination resentment contempt loneliness embarrassment nostalgia regret alarm dismay
    unease anxiety terror envy jealousy gratitude pride despair nervousness`),
);

/** States after "you are" that are the target's reaction ("you are frozen to the spot"). */
export const REACTION_STATES: ReadonlySet<string> = new Set(
  words(`frozen startled stunned speechless paralyzed paralysed rooted transfixed dumbstruck agape
    breathless shaking trembling`),
);

/** States after "you are" that are the target's mind ("you are sure she is lying"). */
export const THOUGHT_STATES: ReadonlySet<string> = new Set(
  words('sure certain unsure uncertain convinced determined tempted'),
);

/** Words between "feel" and an emotion: "you feel a sudden pang of fear". */
export const FEELING_FILLERS: ReadonlySet<string> = new Set(
  words(`a an some so very suddenly strangely oddly deeply slightly little bit of sudden wave surge pang
    rush flash flicker jolt stab twinge sense hint touch growing deep strange quite utterly completely
    somewhat rather more less too truly really genuinely incredibly cold chill knot prickle spark
    burst shot tinge glimmer flood trace vaguely increasingly`),
);

/** Words between "you are" and the state: "you are far too stunned to move". */
export const INTENSIFIERS: ReadonlySet<string> = new Set(
  words('so too very completely utterly suddenly now still momentarily quite rather a bit little far'),
);
