// The Chinese catalogue of what a file to import may be (import/json-text.ts, story-json/field-limits.ts,
// story-json/import.ts, import/card/card-limits.ts): nesting, sizes, and the ids no story may have. Spread into MESSAGES_ZH.
import type { Messages } from './translate.ts';

export const LIMITS_ZH: Messages = {
  'the file is nested more than {max} levels deep, which no card, lorebook, chat, preset or story is: it is damaged or was made to break readers, and was not read.':
    '文件的嵌套超过 {max} 层，任何角色卡、设定集、聊天记录、预设或故事都不会这样：它已损坏，或是被故意做成让读取程序出错的，因此没有读取。',
  '{file} is {size} MB; Rashomon imports files of at most {max} MB.':
    '{file} 有 {size} MB；Rashomon 只导入不超过 {max} MB 的文件。',
  '{field}: {length} characters, over the {max} a text of a story may have. Shorten it and import again.':
    '{field}：{length} 个字符，超过了故事中一段文字最多允许的 {max} 个字符。请缩短后再导入。',
  'id: "{id}" names the library\'s sync room, so no story may have it. Give the story another id (1-128 characters of A-Z a-z 0-9 _ -) and import again.':
    'id："{id}" 是资料库的同步房间名，任何故事都不能使用。请给故事换一个 id（1-128 个 A-Z a-z 0-9 _ - 字符）后再导入。',
  'the zip\'s "{name}" inflates to more than {max} MB, more than any card holds: the file was not read.':
    '压缩包中的“{name}”解压后超过 {max} MB，任何角色卡都不会这么大：文件没有读取。',
  "the zip's files inflate to more than {max} MB together, more than any card holds: the file was not read.":
    '压缩包中的文件解压后合计超过 {max} MB，任何角色卡都不会这么大：文件没有读取。',
  'this PNG has {count} text chunks, more than the {max} any card has: it was not read.':
    '这个 PNG 有 {count} 个文本块，超过了任何角色卡会有的 {max} 个：没有读取。',
  "this PNG's text chunks inflate to more than {max} MB together, more than any card holds: it was not read.":
    '这个 PNG 的文本块解压后合计超过 {max} MB，任何角色卡都不会这么大：没有读取。',
  'this PNG\'s {type} chunk "{keyword}" inflates to more than {max} MB, more than any card holds: it was not read.':
    '这个 PNG 的 {type} 块“{keyword}”解压后超过 {max} MB，任何角色卡都不会这么大：没有读取。',
  "title: {length} characters, over the {max} a story's title may have. Shorten it and import again.":
    'title：{length} 个字符，超过了故事标题最多允许的 {max} 个字符。请缩短后再导入。',
  "a card whose {field} has {length} characters, over the {max} a card's name may have: shorten it and import again":
    '角色卡的 {field} 有 {length} 个字符，超过了角色卡名字最多允许的 {max} 个字符：请缩短后再导入',
  'a card whose {field} has {length} characters, over the {max} this field of a card may have: shorten it and import again':
    '角色卡的 {field} 有 {length} 个字符，超过了角色卡这一项最多允许的 {max} 个字符：请缩短后再导入',
};
