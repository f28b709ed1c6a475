// Word lists behind the Chinese prose heuristics. Chinese has no spaces, so these are prefixes read
// right after the subject; a prefix not listed is never a reason to reject.

import { AuthoredKind } from './types.ts';

const words = (list: string): string[] => list.trim().split(/\s+/);

const AUTHORED_PHRASES: Readonly<Record<AuthoredKind, string>> = {
  reaction: `吓 后退 往后 向后 起身 转身 转头 回头 回过 抬头 低头 扭头 伸手 屏住 倒吸 点头 摇头 皱眉 打了个
    一惊 一愣 一颤 一怔 愣 怔 僵 不敢 张大 瞪大 睁大 眨 捂 发抖 哆嗦 颤抖 打开 关上 推开 拉开 接住
    接过 靠近 离开 逃 扑 蹲 跪 爬 挥手 喘 咬紧 缩 冲 跳 跑 尖叫 惊叫 大叫 哭 点了点头 摇了摇头 耸了耸肩
    皱了皱眉 眨了眨眼`,
  speech: `问道 问 说道 说 答道 回答 回应 应道 回道 喊道 大喊 喊 叫道 叫 低声道 低声说 小声说 轻声说
    嘟囔 嘀咕 喃喃 开口 告诉 解释 反驳 笑道 骂 咕哝 惊呼 呼喊`,
  decision: '决定 打算 下定决心 决心 选择 准备',
  thought: `心想 暗想 想道 想着 想到 想起 想 觉得 认为 以为 怀疑 相信 猜测 猜 明白 意识到 记起 记得 回想
    希望 琢磨 寻思 思考 思索 心里 心中 心头 暗自`,
  feeling: `害怕 恐惧 紧张 惊慌 慌 担心 高兴 生气 愤怒 难过 伤心 惊讶 吃惊 震惊 好奇 感动 松了口气
    松了一口气 放心 羞 脸红 心跳 浑身 全身 毛骨悚然 不安`,
};

/** Prefix → what a clause starting with it authors; longest prefixes first. */
export const AUTHORED_PREFIXES: readonly (readonly [string, AuthoredKind])[] = Object.values(AuthoredKind)
  .flatMap((kind) => words(AUTHORED_PHRASES[kind]).map((p) => [p, kind] as const))
  .sort((a, b) => b[0].length - a[0].length);

/**
 * One-character verbs that author an action only with a complement after them: 你退了一步, 你坐下;
 * without one they are often part of a noun or a state (你坐的椅子, 你站在窗边).
 */
export const ACTION_VERBS_NEEDING_COMPLEMENT: ReadonlySet<string> = new Set(
  words('退 走 坐 站 躲 藏 抓 握 攥 拿 捡 拾 推 拉 扔 丢 踢 打 笑 叹 咽 吞 闪 指 转 迈 跨 接 关 盯 瞪 迎'),
);
export const COMPLEMENTS: ReadonlySet<string> = new Set([...'了着过起向到进出去来开上下回住紧掉得道入往一']);

/** Perceiving: the projection's own business. The 感 verbs get a closer look for emotions. */
export const PERCEPTION_PREFIXES: readonly string[] = words(
  `听得见 听得到 听到 听见 听出 看得见 看见 看到 看清 瞧见 望见 瞥见 闻到 嗅到 注意到 察觉到 察觉
    觉察到 发觉 发现 尝到 留意到 目睹 感受到 感觉到 感到 感觉 听 看`,
).sort((a, b) => b.length - a.length);
export const FEELING_PERCEPTIONS: ReadonlySet<string> = new Set(words('感受到 感觉到 感到 感觉'));

export const EMOTIONS: readonly string[] = words(
  `害怕 恐惧 恐慌 惊恐 紧张 不安 焦虑 担心 担忧 愤怒 生气 恼火 高兴 开心 快乐 欣喜 喜悦 难过 悲伤
    伤心 惊讶 吃惊 震惊 惊慌 羞愧 羞耻 尴尬 放心 安心 宽慰 欣慰 好奇 困惑 疑惑 迷茫 失望 兴奋 激动
    孤独 寂寞 绝望 后悔 内疚 愧疚 嫉妒 厌恶 畏惧 心慌 慌张 委屈 感动 满足 得意 无助 无奈 忐忑 惶恐
    不知所措 毛骨悚然 心虚 恐怖 害羞`,
);

/** Words between the subject and its verb that do not change who acts (你不由得, 你立刻). */
export const SKIPPED_BEFORE_VERB: readonly string[] = words(
  `不由自主地 不由得 不由 不禁 忍不住 下意识地 本能地 情不自禁地 顿时 立刻 立即 马上 一下子 赶紧
    赶忙 连忙 急忙 猛地 猛然 突然 忽然 非常 十分 有些 有点 很 慢慢地 慢慢 悄悄地 悄悄 轻轻地 轻轻 默默地 默默 缓缓地 缓缓
    小心翼翼地 小心地 迅速地 迅速 只好 只能 不得不 终于 已经 正在 正 仍然 依然 还是 随即 于是 一把
    也 就 又 便 才 还 都 却 再 先 能 可以 隐约 清楚地 清晰地 没有 没 不`,
).sort((a, b) => b.length - a.length);

/** Connectives that may open a clause before its subject (于是你决定…). */
export const CONNECTIVES = words(
  '于是 然后 接着 随即 随后 而 但是 但 可是 却 这时 此时 突然 忽然 顿时 立刻 马上 便 就 又 也 当 只见 同时',
);

/**
 * Connectives after which the subject's clause is not told as done by the writer: 当 opens a
 * subordinate clause (当杰丝转身时), 只见 frames what is seen (只见杰丝皱眉, "I see Jess frown").
 */
export const FRAMING_CONNECTIVES: ReadonlySet<string> = new Set(words('当 只见'));

/** Endings that make a clause subordinate (杰丝转身的时候，…): its subject is not told as acting. */
export const SUBORDINATE_ENDINGS: readonly string[] = words('时 时候 之前 以前 之后 以后 的话');
