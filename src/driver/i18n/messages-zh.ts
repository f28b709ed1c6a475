// The Chinese catalogue: English key → Chinese text with the same {placeholders}.
// tests/unit/messages.test.ts keeps it complete for every call site and free of unused entries.
import type { Messages } from './translate.ts';
import { IMPORT_ZH } from './messages-zh-import.ts';
import { FORMATS_ZH } from './messages-zh-formats.ts';
import { GROUP_CHAT_ZH } from './messages-zh-group-chat.ts';
import { PLAY_ZH } from './messages-zh-play.ts';
import { POV_ZH } from './messages-zh-pov.ts';
import { CAST_ZH } from './messages-zh-cast.ts';
import { LIMITS_ZH } from './messages-zh-limits.ts';
import { ASSISTANT_ZH } from './messages-zh-assistant.ts';
import { CARD_READING_ZH } from './messages-zh-card-reading.ts';
import { WORLD_ASSISTANT_ZH } from './messages-zh-world-assistant.ts';
import { HINT_ZH } from './messages-zh-hint.ts';
import { DICE_ZH } from './messages-zh-dice.ts';
import { PRESET_ASSISTANT_ZH } from './messages-zh-preset-assistant.ts';
import { TRANSLATE_ZH } from './messages-zh-translate.ts';
import { DOCTOR_ZH } from './messages-zh-doctor.ts';
import { SEGMENTS_ZH } from './messages-zh-segments.ts';
import { CHRONICLE_ZH } from './messages-zh-chronicle.ts';
import { VALIDATION_ZH } from './messages-zh-validation.ts';

export const MESSAGES_ZH: Messages = {
  ...IMPORT_ZH,
  ...FORMATS_ZH,
  ...GROUP_CHAT_ZH,
  ...PLAY_ZH,
  ...POV_ZH,
  ...CAST_ZH,
  ...LIMITS_ZH,
  ...ASSISTANT_ZH,
  ...CARD_READING_ZH,
  ...WORLD_ASSISTANT_ZH,
  ...HINT_ZH,
  ...DICE_ZH,
  ...PRESET_ASSISTANT_ZH,
  ...TRANSLATE_ZH,
  ...DOCTOR_ZH,
  ...SEGMENTS_ZH,
  ...CHRONICLE_ZH,
  ...VALIDATION_ZH,
  // What a character is told (private context) and how an empty history reads.
  'Who you are': '你是谁',
  'Your personality': '你的性格',
  'The scenario': '情境',
  'How you speak (examples)': '你说话的方式（示例）',
  '{label}: {value}': '{label}：{value}',
  'You are {name}.': '你是{name}。',
  '(Earlier turns of the story are not shown here.)': '（故事更早的回合不在这里显示。）',
  'the story above': '上面的故事',
  'The story was closed.': '故事已经关闭。',
  'only the turn of the story above that begins “{first}” (the others are there to be understood, not recorded)':
    '只记上面故事中以“{first}”开头的那个回合（其他回合只是为了让你理解，不用记录）',
  'only the {count} turns of the story above from the one that begins “{first}” to the one that begins “{last}” (the others are there to be understood, not recorded)':
    '只记上面故事中从以“{first}”开头的那个回合到以“{last}”开头的那个回合，共 {count} 个回合（其他回合只是为了让你理解，不用记录）',
  '(Nothing has happened yet: the story begins now.)': '（还什么都没有发生：故事从现在开始。）',
  // The world as a character knows it, and the lore that fired for it (world/world-block.ts, lore/placement.ts).
  person: '人物',
  place: '地点',
  faction: '势力',
  thing: '物品',
  lore: '传说',
  'You, {name}: {body}': '你，{name}：{body}',
  '{name} ({kind}): {body}': '{name}（{kind}）：{body}',
  '{name} ({kind})': '{name}（{kind}）',
  '- {from} — {relation} — {to}': '- {from} —— {relation} —— {to}',
  'What you know of the world:': '你所知道的世界：',
  'What you are not sure of:': '你不确定的事：',
  'How they stand to one another, as far as you know:': '据你所知，他们彼此之间的关系：',
  'What you know that bears on this:': '你所知道的、与此相关的事：',
  '[{note}]': '【{note}】',
  'What {name} knows of the world, to tell what is what (never write it as perceived now):':
    '{name}所知道的世界，用来分辨事物（绝不要写成此刻感知到的内容）：',
  // The selector's chronology.
  'The user': '用户',
  '(The story has not begun.)': '（故事还没有开始。）',
  // Transcript rows shown to people.
  'Nothing seems to have happened.': '似乎什么也没有发生。',
  '(not projected yet)': '（尚未生成感知）',
  // Why a model's answer was refused (told to the model for its retry) and what the person reads when
  // every attempt failed.
  "{target}'s own reaction": '{target}自己的反应',
  "{target}'s own speech": '{target}自己说的话',
  "{target}'s own decision": '{target}自己的决定',
  "{target}'s own thoughts": '{target}自己的想法',
  "{target}'s own feelings": '{target}自己的感受',
  'The answer is structured data (JSON or a code block), but plain text was asked for.':
    '回答是结构化数据（JSON 或代码块），但要求的是纯文本。',
  'The answer is blank. Write what {target} perceives, or exactly <empty> if {target} perceives nothing.':
    '回答是空的。请写出{target}感知到的内容；如果{target}什么也没有感知到，就只回答 <empty>。',
  'The answer mixes <empty> with other text. If {target} perceives nothing, answer exactly <empty> and nothing else; otherwise write only what {target} perceives, without <empty>.':
    '回答把 <empty> 和其他文字混在了一起。如果{target}什么也没有感知到，只回答 <empty>，不要写别的；否则只写{target}感知到的内容，不要带 <empty>。',
  'Write what {target} perceives as plain prose, or exactly <empty>.':
    '请用纯文本写出{target}感知到的内容，或者只回答 <empty>。',
  'The answer contains outputs for several audiences ({names}). Write one answer, only for {target}, as plain prose without name labels.':
    '回答里有写给多位参与者的内容（{names}）。请只为{target}写一个回答，用纯文本，不要加名字标签。',
  'The answer only says that nothing was perceived ("{answer}"). When {target} perceives nothing, answer exactly <empty> and nothing else.':
    '回答只是说什么也没有感知到（“{answer}”）。当{target}什么也没有感知到时，只回答 <empty>，不要写别的。',
  'The answer is still {speaker}\'s first-person text ("{excerpt}"). Rewrite it as what {target} perceives, in the second person (for example "You see {speaker} …"), or answer <empty> if {target} perceives nothing.':
    '回答仍然是{speaker}的第一人称原文（“{excerpt}”）。请把它改写成{target}感知到的内容，用第二人称（例如“你看见{speaker}……”）；如果{target}什么也没有感知到，就回答 <empty>。',
  'The answer writes {what} ("{excerpt}").': '回答写出了{what}（“{excerpt}”）。',
  "Describe only what {target} perceives; do not write {target}'s actions, speech, thoughts or feelings.":
    '只描写{target}感知到的内容；不要写{target}的动作、话语、想法或感受。',
  'Physical sensations ("You feel the floor tremble") are fine; emotions are not.':
    '身体上的感觉（例如“你感到地板在震动”）可以写，情绪不可以。',
  'The answer reveals an unspoken thought ("{excerpt}"). {target} perceives only what can be seen, heard, smelled, tasted or felt: describe visible actions and words said aloud, not anyone\'s private thoughts.':
    '回答透露了没有说出口的想法（“{excerpt}”）。{target}只能感知到看得见、听得见、闻得到、尝得到或摸得到的东西：请描写看得见的动作和说出口的话，不要写任何人私下的想法。',
  "Write only {actor}'s own turn in the first person: {actor}'s actions, speech and thoughts.":
    '只用第一人称写{actor}自己的回合：{actor}的动作、话语和想法。',
  'The answer is blank.': '回答是空的。',
  'The answer uses <empty>, but an actor always authors something.':
    '回答用了 <empty>，但行动的角色总要写出点什么。',
  'Even a small gesture or a pause is a turn.': '哪怕一个小动作或一次停顿也算一个回合。',
  'The answer speaks for {other} ("{line}").': '回答替{other}说了话（“{line}”）。',
  'Other participants write their own words and actions.': '其他参与者的话语和行动由他们自己来写。',
  'The answer writes another participant\'s response ("{excerpt}").':
    '回答写了另一位参与者的回应（“{excerpt}”）。',
  "Leave everyone else's reactions to them.": '其他人的反应留给他们自己。',
  'The answer is written in English (Latin script), but this story is in Chinese. Write the whole answer in Chinese; names may keep their spelling.':
    '回答是用英文（拉丁字母）写的，但这个故事是中文的。请全部用中文来写；名字可以保留原来的拼写。',
  'The answer was not a JSON object. Answer with one JSON object, one key per name.':
    '回答不是 JSON 对象。请用一个 JSON 对象回答，每个名字对应一个键。',
  'The answer must be one JSON object.': '回答必须是一个 JSON 对象。',
  'the value must be a string': '值必须是字符串',
  'unknown names {unknown} (use exactly: {names})': '未知的名字：{unknown}（只能使用：{names}）',
  'names given more than once {repeated} (one key per name)':
    '重复给出的名字：{repeated}（每个名字只能有一个键）',
  'missing names {absent}': '缺少的名字：{absent}',
  'The answer was not JSON. Answer with {"next": "<name>"} only.':
    '回答不是 JSON。只用 {"next": "<名字>"} 回答。',
  '"next" must be exactly one of: {names}.': '"next" 必须恰好是以下名字之一：{names}。',
  "The model's answer was refused {count} times. Last reason: {reason} Try again, edit the prompt, or use another model.":
    '模型的回答被拒绝了 {count} 次。最后一次的原因：{reason}请重试、修改提示词，或者换一个模型。',
  "The model's context ({context} tokens) is too small for this request: with only the newest turn of the story it takes about {need}, which leaves no room for an answer. Use a model or a setting with a larger context, or shorten the card or that turn.":
    '模型的上下文（{context} 个词元）太小，放不下这个请求：即使只带上故事最新的一个回合，它也要大约 {need} 个，没有留下回答的余地。请换用上下文更大的模型或设置，或者缩短角色卡或那个回合。',
  "The model's context ({context} tokens) is too small for this chat: its instructions and your latest message take about {need}, which leaves no room for an answer. Use a model or a setting with a larger context, or send a shorter message.":
    '模型的上下文（{context} 个词元）太小，放不下这段对话：它的说明和你最新的一条消息就要大约 {need} 个，没有留下回答的余地。请换用上下文更大的模型或设置，或者发一条更短的消息。',
  // The chronicler's refusals (kept in the audit) and retries.
  'Its evidence is not an exact quote of what this participant perceived.':
    '它的证据不是对这位参与者所感知内容的原样引用。',
  'It names someone who is not in the story.': '它提到的人不在这个故事里。',
  'It has no known kind of state or no value.': '它没有可识别的状态种类，或者没有值。',
  'The answer was not JSON. Answer with the JSON object only.': '回答不是 JSON。请只用 JSON 对象回答。',
  'The answer must be one JSON object with the lists memories, events, changes and uncertainties.':
    '回答必须是一个 JSON 对象，包含 memories、events、changes 和 uncertainties 这几个列表。',
  // What a participant is told of itself beyond its window.
  appearance: '外貌',
  whereabouts: '所在之处',
  belongings: '随身物品',
  condition: '状况',
  relationship: '关系',
  knows: '所知',
  wants: '想要',
  '- {name}, {aspect}: {value}': '- {name}，{aspect}：{value}',
  'How things stand, as far as you know:': '就你所知，眼下的情形：',
  'What you remember of earlier turns:': '你对更早回合的记忆：',
  '- {memory}': '- {memory}',
  'What {name} remembers, to tell who is who (never write it as perceived now):':
    '{name}记得的事，用来分辨谁是谁（切勿把它写成此刻感知到的内容）：',
  // What the person reads when a step of the story cannot go on.
  'No character is present to act. Bring a character into the scene first.':
    '没有在场的角色可以行动。请先让一个角色进入场景。',
  'A turn was written from an earlier version of the story. Keep it as it is, or rewrite it, before anything new is written.':
    '有一个回合是根据故事的早先版本写成的。在写任何新内容之前，请保持它原样，或者重写它。',
  '{count} turns were written from an earlier version of the story. Keep them as they are, or rewrite them, before anything new is written.':
    '有 {count} 个回合是根据故事的早先版本写成的。在写任何新内容之前，请保持它们原样，或者重写它们。',
  'No participant {id} in this story.': '这个故事里没有参与者 {id}。',
  'A turn needs some text.': '一个回合需要有文字。',
  '{name} is played by you: write their turn instead.': '{name}由你扮演：请亲自写出这个回合。',
  '{name} is not in the scene. Bring them in before they act.':
    '{name}不在场景中。请先让其进入场景，再让其行动。',
  'There is already a participant named {name}. Names must be unique.':
    '已经有一位名叫{name}的参与者了。名字不能重复。',
  'A story has exactly one user participant.': '一个故事只能有一位用户参与者。',
  // Problems with prompt files.
  'the file is empty (delete it to restore the shipped prompt)': '文件是空的（删除它即可恢复自带的提示词）',
  '{braces} is not a variable here; use {syntax}': '这里的 {braces} 不是变量；请使用 {syntax}',
  'unknown variable {variable} (this prompt is given: {allowed})':
    '未知的变量 {variable}（这个提示词可用的变量：{allowed}）',
  'no such prompt is shipped or overridden': '没有这个提示词：既不是自带的，也没有被覆盖',
  'not a prompt: files are <language>/<group>/<name>.md': '不是提示词：文件应为 <language>/<group>/<name>.md',
  '"{folder}" is not a language folder ({languages})': '“{folder}”不是语言文件夹（{languages}）',
  '{id} is not a prompt the package ships': '{id} 不是程序自带的提示词',
  // Why a Story JSON file is refused (story-json/import.ts): field paths and ids stay as in the file.
  '{path} (turn "{id}")': '{path}（回合“{id}”）',
  'The file is not a Rashomon story.': '这个文件不是 Rashomon 故事。',
  'format must be "rashomon.story": this file is not a Rashomon story.':
    'format 必须是 "rashomon.story"：这个文件不是 Rashomon 故事。',
  'version {version} is not supported (this Rashomon reads version 1).':
    '不支持 version {version}（这个版本的 Rashomon 读取的是版本 1）。',
  'prompts.version is missing (this Rashomon reads prompts version {reads}).':
    '缺少 prompts.version（这个版本的 Rashomon 读取的是提示词版本 {reads}）。',
  'prompts.version {version} is not supported (this Rashomon reads prompts version {reads}).':
    '不支持 prompts.version {version}（这个版本的 Rashomon 读取的是提示词版本 {reads}）。',
  story: '故事',
  '{field}: {problem}': '{field}：{problem}',
  'participants: the story has no user participant (exactly one is needed).':
    'participants：故事里没有用户参与者（需要恰好一位）。',
  'participants: the story has {count} user participants (exactly one is allowed).':
    'participants：故事里有 {count} 位用户参与者（只能有一位）。',
  '{field}: "{id}" is used twice.': '{field}：“{id}”出现了两次。',
  '{field}: "{name}" is used twice (names are unique, ignoring case).':
    '{field}：“{name}”出现了两次（名字不能重复，不区分大小写）。',
  'turns: a turn id is used twice.': 'turns：有一个回合 id 出现了两次。',
  '{field}: "{id}" is not a turn of this story.': '{field}：“{id}”不是这个故事中的回合。',
  '{field}: "{id}" is not a participant.': '{field}：“{id}”不是参与者。',
  '{field}: the author has no POV record of their own turn (the source is their view).':
    '{field}：作者对自己的回合没有感知记录（原文就是作者的视角）。',
  '{field}: "{id}" is not an audience of this turn.': '{field}：“{id}”不是这个回合的受众。',
  '{field}: perceived is false but text is not empty.': '{field}：perceived 为 false，但 text 不是空的。',
  '{field}: the turn has no text. Write what happens in it, or leave the turn out.':
    '{field}：这个回合没有文字。请写出其中发生的事，或者去掉这个回合。',
  '{field}: perceived is true but text is empty. Give what was perceived, or set perceived to false if nothing was.':
    '{field}：perceived 为 true，但 text 是空的。请写出感知到的内容；如果什么也没有感知到，请把 perceived 设为 false。',
  '{field}: its parent chain loops back on itself.': '{field}：它的父回合链绕回了自身。',
  // Messages our own zod schemas set (i18n/zod-messages.ts); zod's own come from its zh-CN locale.
  'a prompt path is <language>/<group>/<name>, e.g. en/roleplay/style':
    '提示词路径应为 <language>/<group>/<name>，例如 en/roleplay/style',
  'a shared story’s room is 1-128 characters of A-Z a-z 0-9 _ -':
    '共享故事的房间名应为 1-128 个字符，只能包含 A-Z a-z 0-9 _ -',
  'the story list is not a shared story': '故事列表不是共享故事',
  // Presets.
  'This preset replaces rules prompts ({ids}). They name tools and fields the program reads, so a mistake there can break the story.':
    '这个预设替换了规则提示词（{ids}）。它们写明了程序要读取的工具和字段，其中的错误可能让故事无法进行。',
  'the preset carries no prompts': '这个预设不包含任何提示词',
  'a preset carries only {group}/ prompts': '预设只能包含 {group}/ 下的提示词',
  'The library has no preset {id}.': '库里没有预设 {id}。',
  'The story has no preset.': '这个故事没有使用预设。',
  // Importing a SillyTavern preset.
  'the character': '角色',
  'the user': '用户',
  'Imported from a SillyTavern preset.': '从 SillyTavern 预设导入。',
  'Not a SillyTavern chat-completion preset ({field}: {problem}).':
    '这不是 SillyTavern 的聊天补全预设（{field}：{problem}）。',
  file: '文件',
  'The preset has no enabled prompt with text to import.': '这个预设没有可导入的、已启用且有内容的提示词。',
  'a placeholder for a part Rashomon builds itself': '占位标记，对应的部分由 Rashomon 自己生成',
  "the user's persona, which Rashomon presents with roleplay/persona":
    '用户的人设，Rashomon 用 roleplay/persona 来呈现它',
  'disabled in the preset': '在预设中未启用',
  'an assistant message (a prefill), not an instruction': '助手消息（预填内容），不是指令',
  empty: '内容为空',
  'nothing left once its macros were removed': '去掉宏之后没有剩下内容',
  'not in the prompt order, so SillyTavern does not send it': '不在提示词顺序中，SillyTavern 不会发送它',
};
