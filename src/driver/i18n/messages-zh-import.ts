// The Chinese catalogue of the import (import/*.ts, turns/card-world.ts, story-json/markdown.ts):
// what the person reviews of a file before it is written, and why a file or a model's answer is
// refused. Spread into MESSAGES_ZH; tests/unit/messages.test.ts keeps it complete and in use.
import type { Messages } from './translate.ts';

export const IMPORT_ZH: Messages = {
  // Why a card's split into world pieces was refused (turns/card-world.ts), told to the model for its retry.
  'The answer is not {"pieces": [{"kind", "name", "body"}]} with a known kind: {issue}':
    '回答不是带有已知 kind 的 {"pieces": [{"kind", "name", "body"}]}：{issue}',
  'The first piece must be {name} themself, of kind "character".':
    '第一个条目必须是{name}本人，类型为 "character"。',
  '{name} is given twice: one piece per thing.': '{name}出现了两次：每件事只写一个条目。',
  // Which kind of file an import is (import/read-import.ts).
  '{file} is neither JSON nor an image card: Rashomon reads character cards (PNG, WebP, CHARX, JSON), lorebooks (JSON), SillyTavern chats (JSONL) and presets (JSON), and Rashomon stories (JSON).':
    '{file} 既不是 JSON，也不是图片角色卡：Rashomon 可以读取角色卡（PNG、WebP、CHARX、JSON）、设定集（JSON）、SillyTavern 聊天记录（JSONL）和预设（JSON），以及 Rashomon 故事（JSON）。',
  '{file} is JSON, but none of what Rashomon reads: a character card (name, or data.name), a lorebook (entries), a SillyTavern preset (prompts) or a Rashomon story (format “rashomon.story”).':
    '{file} 是 JSON，但不是 Rashomon 能读取的内容：角色卡（name 或 data.name）、设定集（entries）、SillyTavern 预设（prompts）或 Rashomon 故事（format 为“rashomon.story”）。',
  // Importing lorebooks (World Info, RisuAI) and SillyTavern chats: the report the person reviews.
  '{items} and {count} more': '{items}，另有 {count} 项',
  '{note} ({items})': '{note}（{items}）',
  '{field} is given as text; it was read as its value': '{field} 以文本给出，已按其值读取',
  '{field} could not be read; the default was used': '{field} 无法读取，已使用默认值',
  '{field} is null; the default was used': '{field} 为 null，已使用默认值',
  '{field} is given as a number; 0 and 1 were read as false and true':
    '{field} 以数字给出，0 和 1 已分别读作否和是',
  '{field} is not a whole number; it was rounded': '{field} 不是整数，已四舍五入',
  '{field} is outside {min}…{max}; the nearest of those was used':
    '{field} 超出 {min}…{max} 的范围，已取最接近的值',
  '{field} is not text; it was read as text': '{field} 不是文本，已按文本读取',
  '{field} is one text; it was split at commas': '{field} 是一整段文本，已按逗号拆分',
  '{field} holds items that are not text; they were left out': '{field} 中有不是文本的项，已略去',
  '{field}: empty items': '{field}：空项',
  '{field} is longer than {max} characters; it was cut': '{field} 超过 {max} 个字符，已截断',
  'an item of the book is not an entry; it was left out': '书中有一项不是条目，已略去',
  'RisuAI folders (a folder is not an entry; the entries in it came in)':
    'RisuAI 文件夹（文件夹不是条目；其中的条目已导入）',
  'a RisuAI child entry fires there through its parent; here it fires by its own keys':
    'RisuAI 的子条目在那里由父条目触发；在这里按它自己的关键词触发',
  'RisuAI regular-expression keys were written as /pattern/':
    'RisuAI 的正则表达式关键词已写成 /pattern/ 的形式',
  'RisuAI decorators (@@…) in the content were kept as text': '内容中 RisuAI 的装饰符（@@…）按原文保留',
  'RisuAI entries have no position: they are told before the card, as SillyTavern imports them':
    'RisuAI 条目没有插入位置：和 SillyTavern 导入时一样，放在角色卡之前',
  'keys longer than {max} characters': '超过 {max} 个字符的关键词',
  'secondary keys of an entry that is not selective (unused there too)':
    '未开启“选择性”的条目的次要关键词（在那里同样不起作用）',
  'character filter by tags (Rashomon filters by name)': '按标签的角色筛选（Rashomon 按名字筛选）',
  'a character filter names SillyTavern characters (by their file names there): check that they match the names in your stories':
    '角色筛选写的是 SillyTavern 的角色（按其文件名）：请确认它们与你故事中的名字一致',
  'position {position} ({where}) has no place in Rashomon: told {ours} instead':
    '位置 {position}（{where}）在 Rashomon 中没有对应之处：改为{ours}',
  'in the history at the entry’s depth': '按条目的深度插入历史中',
  'after the card': '放在角色卡之后',
  'above the Author’s Note': '作者注释之上',
  'below the Author’s Note': '作者注释之下',
  'above the example messages': '示例对话之上',
  'below the example messages': '示例对话之下',
  'an outlet, shown where a prompt names it': '出口，只在提示词引用它的地方出现',
  '{field}: Rashomon has no such setting': '{field}：Rashomon 没有这项设置',
  '{field}: the entry fires for every kind of request here': '{field}：在这里条目对每种请求都会触发',
  'This file is not a lorebook: it has no entries (SillyTavern World Info), data (RisuAI) or character book.':
    '这个文件不是世界书：它没有 entries（SillyTavern 世界书）、data（RisuAI）或角色书。',
  'This file is a character card, not a lorebook: import it as a character (its book comes with it).':
    '这个文件是角色卡，不是世界书：请把它作为角色导入（它的世界书会一起导入）。',
  'the character book inside the file was read': '已读取文件中的角色书',
  'This file is not a lorebook: its entries are neither a list nor an object of entries.':
    '这个文件不是世界书：它的 entries 既不是条目列表，也不是条目对象。',
  'the book’s own scan settings ({fields}): a story’s lore settings decide those in Rashomon':
    '书本身的扫描设置（{fields}）：在 Rashomon 中由故事的世界书设置决定',
  'entries is a list, not keyed by uid as SillyTavern writes it; read in order':
    'entries 是列表，而不是 SillyTavern 那样以 uid 为键；已按顺序读取',
  'entries sharing an id or uid were given ids of their own': 'id 或 uid 重复的条目已各自获得新的 id',
  'read as a character book (Character Card V2)': '已按角色书（Character Card V2）读取',
  'This file is not a lorebook: none of its {count} items is an entry.':
    '这个文件不是世界书：它的 {count} 项中没有一项是条目。',
  'The book has no entries.': '这本书没有条目。',
  'Imported lorebook': '导入的世界书',
  User: '用户',
  Character: '角色',
  'line {line}': '第 {line} 行',
  'a message names no speaker; it was given to {name}': '一条消息没有写明说话人，已归给{name}',
  'the character {name} shares the user’s name; they are {unique} here':
    '角色{name}与用户同名；在这里改称{unique}',
  'messages the user wrote as {name} are {user}’s here': '用户以{name}身份写的消息在这里归{user}',
  'the swipe chosen is not the message shown; the message shown was kept':
    '选中的候选回复与显示的消息不同，已保留显示的消息',
  'a line that is not JSON was skipped': '跳过了一行不是 JSON 的内容',
  'a name in the chat has {count} characters, over the {max} a participant’s name may have: shorten it and import again':
    '聊天中有一个名字长 {count} 个字符，超过了参与者名字允许的 {max} 个：请缩短后再导入',
  'a line that is not a message was skipped': '跳过了一行不是消息的内容',
  'This file is not a SillyTavern chat: it is one JSON document, and a chat has one message per line.':
    '这个文件不是 SillyTavern 聊天记录：它是一整个 JSON 文档，而聊天记录每行是一条消息。',
  'This file is not a SillyTavern chat: none of its lines is a chat message.':
    '这个文件不是 SillyTavern 聊天记录：没有一行是聊天消息。',
  'hidden messages (SillyTavern does not send them to its model)':
    '隐藏的消息（SillyTavern 不会把它们发给模型）',
  'SillyTavern’s system messages': 'SillyTavern 的系统消息',
  'narrator messages (a Rashomon story has no narrator)': '旁白消息（Rashomon 的故事没有旁白）',
  'empty messages': '空消息',
  'Imported chat': '导入的聊天',
  'a date could not be read; the import’s was used': '有一个日期无法读取，已使用导入的时间',
  'dates that name no time zone were read as UTC': '没有写明时区的日期已按 UTC 读取',
  'dates given in seconds since 1970 were read as such': '以 1970 年以来的秒数给出的日期已按秒读取',
  'swipes: the one shown is the turn, each other one an alternative beside it ({count} in all)':
    '候选回复：显示的那条是回合，其余每条都是它旁边的备选（共 {count} 条）',
  'everyone perceived each message as it was written (imported views, kept like hand edits)':
    '每条消息，其他人感知到的都是原文（导入的视角，与手动编辑一样保留）',
  'no one’s views are made yet: they are projected when the story needs them':
    '还没有生成任何人的视角：故事需要时再生成',
  'the chat’s metadata (its author’s note, variables…): a story has no place for it':
    '聊天的元数据（作者注释、变量……）：故事中没有存放它的地方',
  'The chat has no messages.': '这段聊天没有消息。',
  // Importing character cards (PNG, WebP, CHARX, JSON; import/card/read-card-file.ts and its readers): the
  // report the person reviews and why a file is refused. Field and chunk names stay as in the file.
  'a JPEG image: cards are PNG, WebP, CHARX or JSON': '这是 JPEG 图片：角色卡应为 PNG、WebP、CHARX 或 JSON',
  'an empty file': '这是一个空文件',
  '{reason}; nor is it a PNG, WebP or CHARX file': '{reason}；它也不是 PNG、WebP 或 CHARX 文件',
  'not JSON: {message}': '不是 JSON：{message}',
  'no card found': '没有找到角色卡',
  '{reason}: read {where} instead': '{reason}；已改为读取 {where}',
  '{where}: {reason}': '{where}：{reason}',
  '{where} holds JSON, not base64: read as it is': '{where}中是 JSON 而不是 base64：已按原样读取',
  '{where} is neither base64 nor JSON': '{where}既不是 base64 也不是 JSON',
  '{where} holds base64, but {reason}': '{where}中是 base64，但解码后{reason}',
  'This PNG holds no character card (no ccv3 or chara chunk)':
    '这个 PNG 里没有角色卡（没有 ccv3 或 chara 块）',
  "This PNG's card cannot be read: {reason}": '这个 PNG 里的角色卡无法读取：{reason}',
  'its {keyword} chunk': '{keyword} 块',
  'PNG: {problem}': 'PNG：{problem}',
  'not a PNG: the file does not start with the PNG signature': '不是 PNG：文件开头不是 PNG 签名',
  'a truncated chunk at byte {at}': '第 {at} 字节处有一个被截断的块',
  'a truncated or broken chunk at byte {at}': '第 {at} 字节处有一个被截断或损坏的块',
  'no IEND chunk': '没有 IEND 块',
  'a {type} chunk without a keyword': '一个没有关键字的 {type} 块',
  '{type} "{keyword}": unknown compression': '{type}“{keyword}”：未知的压缩方式',
  '{type} "{keyword}": truncated header': '{type}“{keyword}”：块头被截断',
  '{type} is not a text chunk': '{type} 不是文本块',
  '{type} "{keyword}": its compressed text does not inflate ({error})':
    '{type}“{keyword}”：压缩的文本无法解压（{error}）',
  'a broken PNG: {problem}': '损坏的 PNG：{problem}',
  'the avatar is {mime}: a PNG card needs a PNG image': '头像是 {mime}：PNG 角色卡需要 PNG 图片',
  'the avatar is not a PNG: a PNG card needs a PNG image': '头像不是 PNG：PNG 角色卡需要 PNG 图片',
  'This WebP holds no character card (no chara or ccv3 in its XMP or EXIF)':
    '这个 WebP 里没有角色卡（它的 XMP 或 EXIF 中没有 chara 或 ccv3）',
  'This WebP holds no readable character card: {reason}': '这个 WebP 里没有可读取的角色卡：{reason}',
  'the XMP {keyword} property': 'XMP 的 {keyword} 属性',
  'the EXIF UserComment': 'EXIF 的 UserComment',
  'the EXIF ImageDescription': 'EXIF 的 ImageDescription',
  'a zip file that cannot be read: {error}': '无法读取的 zip 文件：{error}',
  'a zip file, but not a CHARX: it holds no card.json': '这是 zip 文件，但不是 CHARX：其中没有 card.json',
  'CHARX: the card is {path}, not card.json at the root':
    'CHARX：角色卡是 {path}，而不是根目录下的 card.json',
  "This CHARX's card.json is {reason}": '这个 CHARX 的 card.json 无法读取：{reason}',
  'CHARX: card.json declares {spec}, not V3': 'CHARX：card.json 声明的是 {spec}，不是 V3',
  'asset "{name}" ({uri}): not in the CHARX': '资源“{name}”（{uri}）：不在 CHARX 中',
  'a JSON file, but not a character card: it is a list': '这是 JSON 文件，但不是角色卡：它是一个列表',
  'a JSON file, but not a character card: it is not an object': '这是 JSON 文件，但不是角色卡：它不是对象',
  'a JSON file, but not a character card: it has none of name, char_name, data.name':
    '这是 JSON 文件，但不是角色卡：它没有 name、char_name、data.name 中的任何一个',
  'spec {spec} is not a card spec Rashomon knows: read by its fields':
    'spec {spec} 不是 Rashomon 认识的角色卡规范：已按其字段读取',
  'no spec declared, but the fields are in data: read as V2': '没有声明 spec，但字段在 data 中：已按 V2 读取',
  'declares {spec} but has no data object: read from the top level':
    '声明为 {spec}，但没有 data 对象：已从顶层读取',
  'V2 fields at the top level with no spec: read as V2': '顶层有 V2 字段但没有 spec：已按 V2 读取',
  "SillyTavern's own fields ({fields}): not card data": 'SillyTavern 自己的字段（{fields}）：不是角色卡数据',
  'Pygmalion fields → card fields ({fields})': 'Pygmalion 字段 → 角色卡字段（{fields}）',
  'declares chara_card_v2 but holds V3 fields ({fields}): read as V3':
    '声明为 chara_card_v2，但含有 V3 字段（{fields}）：已按 V3 读取',
  'a {spec} card without {fields}: read as empty': '{spec} 角色卡缺少 {fields}：已按空值读取',
  Unnamed: '未命名',
  'the card\'s name is empty: named "{name}" after the file': '角色卡的名字是空的：已按文件名命名为“{name}”',
  '{field}: one text where a list belongs, read as one greeting':
    '{field}：应为列表，却是一段文本，已作为一条问候语读取',
  '{field}: not an asset (type and uri are required), ignored':
    '{field}：不是资源（type 和 uri 是必需的），已忽略',
  'create_date (SillyTavern, {how}) → creation_date in seconds':
    'create_date（SillyTavern，{how}）→ 以秒计的 creation_date',
  'create_date (SillyTavern) → creation_date in seconds':
    'create_date（SillyTavern）→ 以秒计的 creation_date',
  '{field}: {how} → seconds': '{field}：{how} → 秒',
  '{field} {value}: not a date': '{field} {value}：不是日期',
  'milliseconds as text': '以文本表示的毫秒',
  milliseconds: '毫秒',
  'seconds as text': '以文本表示的秒',
  seconds: '秒',
  "SillyTavern's date, read as UTC": 'SillyTavern 的日期格式，按 UTC 读取',
  'ISO 8601 without a zone, read as UTC': '没有时区的 ISO 8601，按 UTC 读取',
  'line breaks: CRLF → LF': '换行符：CRLF → LF',
  'no-break spaces → spaces': '不换行空格 → 普通空格',
  '{field}: a number where text belongs, read as text': '{field}：应为文本，却是数字，已按文本读取',
  '{field}: a boolean where text belongs, read as text': '{field}：应为文本，却是布尔值，已按文本读取',
  '{field}: not text, ignored': '{field}：不是文本，已忽略',
  '{field}: a number read as a boolean': '{field}：数字已按布尔值读取',
  '{field}: a string read as a boolean': '{field}：字符串已按布尔值读取',
  '{field}: not a boolean, ignored': '{field}：不是布尔值，已忽略',
  '{field}: text read as a number': '{field}：文本已按数字读取',
  '{field}: a boolean read as a number': '{field}：布尔值已按数字读取',
  '{field}: not a number, ignored': '{field}：不是数字，已忽略',
  '{field}: read as the nearest whole number from {min} to {max}':
    '{field}：已按 {min} 到 {max} 之间最接近的整数读取',
  '{field}: a comma-separated string, read as a list': '{field}：以逗号分隔的字符串，已按列表读取',
  '{field}: not a list, ignored': '{field}：不是列表，已忽略',
  '{field}: not an object, ignored': '{field}：不是对象，已忽略',
  '{field}: not an object': '{field}：不是对象',
  'character_book.entries: an object keyed by id, read as a list':
    'character_book.entries：以 id 为键的对象，已按列表读取',
  "character_book {settings}: in Rashomon these are the story's scan settings, not the book's; not applied (kept for export)":
    'character_book 的 {settings}：在 Rashomon 中这些是故事的扫描设置，不属于书本身；未应用（保留以供导出）',
  'character_book could not be read: {problem}': '无法读取 character_book：{problem}',
  invalid: '无效',
  '{field}: keys longer than {max} characters ignored': '{field}：超过 {max} 个字符的关键词已忽略',
  '{what} longer than {max} characters: cut to {max} (the whole text is kept for export)':
    '{what}超过 {max} 个字符：已截短为 {max} 个字符（完整文本保留，供导出使用）',
  'a book entry title': '书中条目的标题',
  'a book entry': '书中条目',
  'the book description': '书的描述',
  'book entries placed {place}: Rashomon has no such place; told after the character':
    '书中条目的位置为{place}：Rashomon 没有这个位置，改为放在角色之后',
  "before the author's note": '作者注释之前',
  "after the author's note": '作者注释之后',
  'before the example messages': '示例对话之前',
  'after the example messages': '示例对话之后',
  'an outlet': '出口（outlet）',
  'at SillyTavern position {position}': '第 {position} 号 SillyTavern 位置',
  // A participant's story as Markdown (story-json/markdown.ts).
  'Untitled story': '未命名的故事',
  'As {name} lived it': '{name}所经历的',
  // RisuAI's part of a card (import/card/risu-card.ts, read-card-file.ts; K11).
  'expression pictures ({count}) → kept on this device, shown with the character':
    '表情图（{count} 张）→ 保存在这台设备上，随角色一起显示',
  'expression pictures ({count}): not in the file, not images, or over what is kept':
    '表情图（{count} 张）：文件中没有、不是图片，或超出可保存的数量或大小',
  'RisuAI’s additional assets ({count}): no place for them': 'RisuAI 的附加资源（{count} 个）：没有存放之处',
  'RisuAI regex scripts ({count}): Rashomon runs no scripts on the text':
    'RisuAI 正则脚本（{count} 个）：Rashomon 不对文本运行脚本',
  'RisuAI trigger scripts ({count}): Rashomon runs no scripts':
    'RisuAI 触发脚本（{count} 个）：Rashomon 不运行脚本',
  'RisuAI voice files ({count}): Rashomon does not speak': 'RisuAI 语音文件（{count} 个）：Rashomon 不朗读',
  'RisuAI’s background HTML: Rashomon shows no card HTML': 'RisuAI 的背景 HTML：Rashomon 不显示角色卡的 HTML',
  'RisuAI’s default variables: Rashomon keeps no variables': 'RisuAI 的默认变量：Rashomon 不保存变量',
  'assets named but not in the file: {keys}': '引用了但文件中没有的资源：{keys}',
  'PNG asset chunks no field names ({count})': '没有任何字段引用的 PNG 资源块（{count} 个）',
  'RisuAI’s additional text → after the description': 'RisuAI 的附加文本 → 接在描述之后',
  'the PNG chunk “{keyword}”: not a card field Rashomon reads':
    'PNG 块“{keyword}”：不是 Rashomon 读取的角色卡字段',
  // Cards made for a variable system (import/card/card-variables.ts; K12, K13).
  'made for a variable system: its {count} regex scripts are not run here, and entries that tell the model to write variable updates ({entries}) would reach every request as they are':
    '为变量系统制作：其 {count} 个正则脚本在这里不会运行，而要求模型输出变量更新的条目（{entries}）会原样进入每次请求',
  'entries that tell the model to write variable updates ({entries}) would reach every request as they are':
    '要求模型输出变量更新的条目（{entries}）会原样进入每次请求',
  'SillyTavern regex scripts ({count}): Rashomon runs no scripts on the text':
    'SillyTavern 正则脚本（{count} 个）：Rashomon 不对文本运行脚本',
  'the description is empty: the model knows this character only by its other fields':
    '描述为空：模型只能从其他字段了解这个角色',
};
