// Chinese for what the worker tells the person; tests/unit/messages.test.ts keeps every uiText() call
// (and every wording() call in the backends, which the worker gives uiText) translated with the same
// placeholders and every entry in use.
import type { Messages } from '../../driver/i18n/translate.ts';
import { WORKER_SYNC_MESSAGES_ZH } from './messages-zh-sync.ts';
import { WORKER_WORLD_MESSAGES_ZH } from './messages-zh-world.ts';
import { WORKER_PATH_MESSAGES_ZH } from './messages-zh-path.ts';
import { WORKER_EVAL_MESSAGES_ZH } from './messages-zh-eval.ts';
import { WORKER_CAST_MESSAGES_ZH } from './messages-zh-cast.ts';
import { WORKER_LIBRARY_CARDS_MESSAGES_ZH } from './messages-zh-library-cards.ts';
import { WORKER_MODEL_SERVER_MESSAGES_ZH } from './messages-zh-model-server.ts';
import { WORKER_ASSISTANT_MESSAGES_ZH } from './messages-zh-assistant.ts';
import { WORKER_WORLD_ASSISTANT_MESSAGES_ZH } from './messages-zh-world-assistant.ts';
import { WORKER_PRESET_ASSISTANT_MESSAGES_ZH } from './messages-zh-preset-assistant.ts';
import { WORKER_PRESET_LIBRARY_MESSAGES_ZH } from './messages-zh-preset-library.ts';
import { WORKER_DOCTOR_MESSAGES_ZH } from './messages-zh-doctor.ts';
import { WORKER_ASSISTANT_TURNS_MESSAGES_ZH } from './messages-zh-assistant-turns.ts';

/** Stories, turns, settings and which model a story uses (host-*.ts, driver-host.ts, model-registry.ts). */
const HOST_ZH: Messages = {
  'There is no such participant in this story.': '这个故事里没有这位参与者。',
  'An amended value cannot be empty: reject the change instead.':
    '修改后的值不能为空：如果不要这个变化，请拒绝它。',
  'The story has no turn yet to correct the state at.': '故事还没有回合，无法在此处修正状态。',
  'The story has no turn yet to remember.': '故事还没有可以记住的回合。',
  'A memory needs some text.': '记忆需要有文字。',
  'The settings saved on this device could not be read, so the defaults are in use. Set up your model backends again and save.':
    '此设备上保存的设置无法读取，因此正在使用默认设置。请重新设置模型后端并保存。',
  'The settings saved on this device were not valid ({issue}), so the defaults are in use. Set up your model backends again and save.':
    '此设备上保存的设置无效（{issue}），因此正在使用默认设置。请重新设置模型后端并保存。',
  'A view cannot be empty: deleting its text does not mean they perceived nothing. Write what they perceived, or use Mark as perceived nothing.':
    '感知不能为空：删掉文字并不表示什么也没感知到。请写下他们感知到的内容，或者使用“标记为未感知到任何内容”。',
  'A turn cannot be empty: write something, or regenerate it.': '回合不能为空：请写些内容，或者重新生成。',
  'No story {storyId} on this device.': '此设备上没有故事 {storyId}。',
  'No turn {turnId} in this story.': '这个故事中没有回合 {turnId}。',
  'That change is no longer waiting for review: it was decided, or its turns changed.':
    '这个变化已不再等待审阅：它已被决定，或者它所依据的回合已经改变。',
  'That memory is not remembered on this branch any more.': '在这个分支上已不再记得这段记忆。',
  'No model request made this: it was written by hand, or is not anyone’s view.':
    '这不是模型请求生成的：它是手写的，或者不是任何人的视角。',
  'Settings not saved: {reason}': '设置未保存：{reason}',
  'Something is already being generated in this story. Wait for it or cancel it.':
    '这个故事正在生成内容。请等待完成，或先取消。',
  'This story has no user.': '这个故事没有用户角色。',
  'No model is set up on this device. Open Settings and add an OpenAI-compatible server or an in-browser model.':
    '此设备上还没有设置模型。请打开“设置”，添加一个 OpenAI 兼容服务器或浏览器内模型。',
  'Choose a model for "{profile}" in Settings.': '请在“设置”中为“{profile}”选择一个模型。',
};

/** OpenAI-compatible servers: requests, answers and Test connection (backends/openai/*.ts). */
const SERVER_ZH: Messages = {
  'The request was cancelled.': '请求已取消。',
  'The server at {baseURL} refused the request ({message}). Check the API key.':
    '{baseURL} 的服务器拒绝了请求（{message}）。请检查 API 密钥。',
  'The server at {baseURL} does not know the model "{model}" ({message}). List the models the server offers and pick one of them; if listing fails too, check the base URL (it usually ends in /v1).':
    '{baseURL} 的服务器不认识模型“{model}”（{message}）。请列出服务器提供的模型并从中选择一个；如果列出模型也失败，请检查基础 URL（通常以 /v1 结尾）。',
  'The server at {baseURL} is rate-limiting requests ({message}). Wait a moment and try again, or lower the number of parallel requests.':
    '{baseURL} 的服务器正在限流（{message}）。请稍等片刻再试，或减少并行请求数。',
  "The server at {baseURL} failed ({message}). Try again; if it keeps failing, check the server's log.":
    '{baseURL} 的服务器出错（{message}）。请重试；如果一直失败，请查看服务器日志。',
  'The server reported an error while answering: {message}': '服务器在回答过程中报告了错误：{message}',
  'The server at {baseURL} rejected the request ({message}).':
    '{baseURL} 的服务器拒绝了此请求（{message}）。',
  'timed out': '超时',
  'Could not reach the model server at {baseURL} ({why}). Is the server running, and is the base URL right?':
    '无法连接到 {baseURL} 的模型服务器（{why}）。服务器是否在运行？基础 URL 是否正确？',
  'The server at {baseURL} answered without any choices.':
    '{baseURL} 的服务器返回的回答中没有任何候选结果（choices）。',
  'The model answered without text (no message content).': '模型的回答中没有文本（没有消息内容）。',
  'The answer stream broke after {count} characters ({reason}). Try again.':
    '回答流在 {count} 个字符后中断（{reason}）。请重试。',
  'The answer stream ended before the model finished (after {count} characters); the connection may have been cut. Try again.':
    '模型尚未完成，回答流就结束了（已收到 {count} 个字符）；连接可能被切断了。请重试。',
  'The answer stream carried something other than text.': '回答流中含有非文本内容。',
  '{baseURL} has no model list (404). Check the base URL (it usually ends in /v1).':
    '{baseURL} 没有模型列表（404）。请检查基础 URL（通常以 /v1 结尾）。',
  '{detail} (Gave up after {attempts} attempts.)': '{detail}（尝试 {attempts} 次后放弃。）',
  '"{address}" is not an http:// or https:// address.': '“{address}”不是 http:// 或 https:// 地址。',
  '{baseURL} did not answer within {seconds} s. Is the server running and the address right?':
    '{baseURL} 在 {seconds} 秒内没有响应。服务器是否在运行？地址是否正确？',
  '{baseURL} refused the API key. Enter the key the server expects.':
    '{baseURL} 拒绝了 API 密钥。请填写服务器要求的密钥。',
  '{baseURL} refused the API key (none was given). Enter the key the server expects.':
    '{baseURL} 拒绝了请求（未提供 API 密钥）。请填写服务器要求的密钥。',
  '{detail} Did you mean {baseURL}/v1?': '{detail}你是不是要填 {baseURL}/v1？',
  '{baseURL} answers but offers no models. Load or download one in the server first (for Ollama: ollama pull <model>; in LM Studio: load a model in the Developer tab).':
    '{baseURL} 有响应，但没有提供任何模型。请先在服务器中加载或下载一个模型（Ollama：ollama pull <model>；LM Studio：在 Developer 标签页中加载模型）。',
  '{baseURL} has no model "{model}". It offers: {models}.':
    '{baseURL} 没有模型“{model}”。它提供的模型有：{models}。',
  'Connected to {baseURL}: "{model}" is available ({models}).':
    '已连接到 {baseURL}：模型“{model}”可用（{models}）。',
  'Connected to {baseURL}: {models} available.': '已连接到 {baseURL}：{models}可用。',
  '{baseURL}/models answered with something other than an OpenAI-compatible model list. Check the base URL.':
    '{baseURL}/models 返回的不是 OpenAI 兼容的模型列表。请检查基础 URL。',
  '{baseURL}/models answered with something other than an OpenAI-compatible model list. Check the base URL (did you mean {baseURL}/v1?).':
    '{baseURL}/models 返回的不是 OpenAI 兼容的模型列表。请检查基础 URL（你是不是要填 {baseURL}/v1？）。',
  "this app's address": '本应用的地址',
  'The server at {baseURL} is running, but the browser blocked the answer (CORS): the server does not allow web pages from {origin}. {server}: {help}':
    '{baseURL} 的服务器正在运行，但浏览器拦截了它的响应（CORS）：该服务器不允许来自 {origin} 的网页访问。{server}：{help}',
  'The server at {baseURL} is running, but the browser blocked the answer (CORS): the server does not allow web pages from {origin}. Configure the server to send Access-Control-Allow-Origin for this origin (and to answer OPTIONS preflight requests allowing the Authorization and Content-Type headers), or put it behind a proxy that does.':
    '{baseURL} 的服务器正在运行，但浏览器拦截了它的响应（CORS）：该服务器不允许来自 {origin} 的网页访问。请配置服务器为此来源发送 Access-Control-Allow-Origin（并在响应 OPTIONS 预检请求时允许 Authorization 和 Content-Type 请求头），或在它前面放一个这样做的代理。',
  '{detail} Browsers block plain http:// addresses other than localhost from an https:// page: use https for that server, or run it on this computer.':
    '{detail}浏览器不允许 https:// 页面访问 localhost 以外的普通 http:// 地址：请为该服务器启用 https，或在本机上运行它。',
  "{detail} If the server is running, the browser may be blocking this site from reaching local servers: allow local network access in the site's settings if it asks.":
    '{detail}如果服务器正在运行，可能是浏览器阻止了本网站访问本地服务器：如果浏览器询问，请在网站设置中允许访问本地网络。',
  '{models} and {count} more': '{models} 等（另有 {count} 个）',
  '1 model': '1 个模型',
  '{count} models': '{count} 个模型',
  'Ollama answers web pages only from origins it trusts (localhost by default). Quit Ollama and start it with this app\'s origin allowed: OLLAMA_ORIGINS={origin} ollama serve. For the macOS app run launchctl setenv OLLAMA_ORIGINS "{origin}"; on Windows set OLLAMA_ORIGINS as a user environment variable; with systemd add Environment="OLLAMA_ORIGINS=…" to the service. Then restart Ollama.':
    'Ollama 只响应来自其信任来源的网页（默认只有 localhost）。请退出 Ollama，并在允许本应用来源的情况下启动它：OLLAMA_ORIGINS={origin} ollama serve。macOS 应用请运行 launchctl setenv OLLAMA_ORIGINS "{origin}"；Windows 上请把 OLLAMA_ORIGINS 设为用户环境变量；使用 systemd 时请在服务中加入 Environment="OLLAMA_ORIGINS=…"。然后重启 Ollama。',
  'Turn on "Enable CORS" in LM Studio\'s local server settings (Developer tab), or start the server with lms server start --cors, then try again.':
    '请在 LM Studio 的本地服务器设置（Developer 标签页）中打开“Enable CORS”，或用 lms server start --cors 启动服务器，然后重试。',
  "llama-server accepts web pages from any origin unless it was started with --cors-origins (or with its built-in tools, which limit it to localhost). Add this app's origin: llama-server … --cors-origins {origin}":
    'llama-server 默认接受任何来源的网页，除非启动时指定了 --cors-origins（或启用了内置工具，这会把来源限制为 localhost）。请加上本应用的来源：llama-server … --cors-origins {origin}',
  'KoboldCpp normally accepts web pages from any origin. If the browser still blocks it, update KoboldCpp and check that nothing in between (a proxy or tunnel) strips its CORS headers.':
    'KoboldCpp 通常接受任何来源的网页。如果浏览器仍然拦截，请更新 KoboldCpp，并检查中间环节（代理或隧道）是否去掉了它的 CORS 响应头。',
};

/** A backend's context as Settings shows it (backends/limits-report.ts). */
const LIMITS_ZH: Messages = {
  "This model's record gives no context length.": '此模型的记录没有给出上下文长度。',
  "The model's record gives it {tokens} tokens of context.": '模型记录给出的上下文长度为 {tokens} 个 token。',
  'The server does not say the context of "{model}". Set it here if you know it.':
    '服务器没有说明“{model}”的上下文长度。如果你知道，请在这里设置。',
  '{server} does not say what it runs "{model}" with until the model is loaded: until then Rashomon counts on {tokens} tokens, its smallest default. Check again after a turn.':
    '在模型加载之前，{server} 不会说明它以多大的上下文运行“{model}”：在此之前，Rashomon 按它最小的默认值 {tokens} 个 token 计算。玩过一个回合后请再检查一次。',
  '{server} does not list "{model}" with a context. Set it here if you know it.':
    '{server} 没有列出“{model}”的上下文长度。如果你知道，请在这里设置。',
  '{server} tells the context once it has loaded "{model}" (trained for {trained} tokens). Check again after a turn.':
    '{server} 加载“{model}”之后才会给出上下文长度（训练长度为 {trained} 个 token）。玩过一个回合后请再检查一次。',
  '{server} runs "{model}" with {tokens} tokens of context.':
    '{server} 以 {tokens} 个 token 的上下文运行“{model}”。',
  '{server} runs "{model}" with {tokens} tokens of context (trained for {trained}).':
    '{server} 以 {tokens} 个 token 的上下文运行“{model}”（训练长度为 {trained}）。',
  'Ollama runs "{model}" with {runs} tokens of context, though the model was trained for {trained}: whatever does not fit is silently dropped, and requests through its OpenAI-compatible API cannot ask for more. Restart Ollama with a larger context, e.g. OLLAMA_CONTEXT_LENGTH=8192 ollama serve (in the Ollama app: the context length slider in its settings), or create a model with PARAMETER num_ctx 8192 in its Modelfile (ollama create) and use that model here.':
    'Ollama 以 {runs} 个 token 的上下文运行“{model}”，而该模型的训练长度为 {trained}：放不下的内容会被悄悄丢弃，而且通过它的 OpenAI 兼容 API 发出的请求无法要求更大的上下文。请用更大的上下文重新启动 Ollama，例如 OLLAMA_CONTEXT_LENGTH=8192 ollama serve（在 Ollama 应用中：使用其设置里的上下文长度滑块），或者在 Modelfile 中写入 PARAMETER num_ctx 8192 创建一个模型（ollama create），并在这里使用该模型。',
};

/** How a server keeps prompts, as Settings tells it beside the context (backends/prompt-keeping.ts). */
const PROMPT_KEEPING_ZH: Messages = {
  "Each participant's requests go to a slot of their own ({slots} slots).":
    '每个参与者的请求都发往各自的槽位（共 {slots} 个槽位）。',
  "llama-server keeps one prompt per slot: start it with -np N --kv-unified (N = the story's participants + 1) so each participant keeps theirs (recent builds also keep prompts in RAM: --cache-ram).":
    'llama-server 每个槽位只保留一个提示词：请用 -np N --kv-unified 启动它（N = 故事的参与者人数 + 1），让每个参与者保留自己的提示词（较新的版本还会把提示词保留在内存中：--cache-ram）。',
  'Ollama keeps one prompt per model unless started with OLLAMA_NUM_PARALLEL=N.':
    'Ollama 每个模型只保留一个提示词，除非启动时设置了 OLLAMA_NUM_PARALLEL=N。',
  'KoboldCpp keeps one prompt: every change of point of view reads the window again.':
    'KoboldCpp 只保留一个提示词：每次切换视角都要重新读取整个窗口。',
  "LM Studio can keep a prompt per request it runs at once: load the model with Max Concurrent Predictions (advanced load settings) at the story's participants + 1.":
    'LM Studio 可以为同时运行的每个请求各保留一个提示词：加载模型时把 Max Concurrent Predictions（高级加载设置）设为故事的参与者人数 + 1。',
  'vLLM keeps prompts by itself (prefix caching).': 'vLLM 会自行保留提示词（前缀缓存）。',
};

/** In-browser models: WebGPU, WebLLM's failures, the picker (backends/webllm/*.ts). */
const IN_BROWSER_ZH: Messages = {
  'Use an OpenAI-compatible server instead: Ollama or LM Studio on this computer, or any other endpoint.':
    '请改用 OpenAI 兼容服务器：本机上的 Ollama 或 LM Studio，或其他任何服务器。',
  'This browser has no WebGPU, so in-browser models cannot run here. {instead} (Recent Chrome and Edge have WebGPU.)':
    '此浏览器不支持 WebGPU，因此无法在这里运行浏览器内模型。{instead}（较新的 Chrome 和 Edge 支持 WebGPU。）',
  'WebGPU found no usable graphics adapter: the GPU may be disabled or blocked for this browser, so in-browser models cannot run here. {instead}':
    'WebGPU 没有找到可用的图形适配器：此浏览器的 GPU 可能被禁用或屏蔽，因此无法在这里运行浏览器内模型。{instead}',
  'WebGPU found no usable graphics adapter ({reason}): the GPU may be disabled or blocked for this browser, so in-browser models cannot run here. {instead}':
    'WebGPU 没有找到可用的图形适配器（{reason}）：此浏览器的 GPU 可能被禁用或屏蔽，因此无法在这里运行浏览器内模型。{instead}',
  'This is a software (CPU) adapter: models would run very slowly; an endpoint will be much faster.':
    '这是一个软件（CPU）适配器：模型会运行得非常慢；使用服务器会快得多。',
  "This GPU's WebGPU limits are too small for in-browser models. {instead}":
    '此 GPU 的 WebGPU 限制太小，无法运行浏览器内模型。{instead}',
  'WebGPU works here, but this GPU lacks the shader-f16 feature: only f32 models (names with q4f32) can run; they need more memory than the f16 ones. {slow}':
    '这里可以使用 WebGPU，但此 GPU 不支持 shader-f16 特性：只能运行 f32 模型（名称中带 q4f32），它们比 f16 模型需要更多内存。{slow}',
  'WebGPU works here, but this GPU lacks the shader-f16 feature: only f32 models (names with q4f32) can run; they need more memory than the f16 ones.':
    '这里可以使用 WebGPU，但此 GPU 不支持 shader-f16 特性：只能运行 f32 模型（名称中带 q4f32），它们比 f16 模型需要更多内存。',
  'WebGPU with shader-f16 works here: in-browser models can run. {slow}':
    '这里可以使用支持 shader-f16 的 WebGPU：可以运行浏览器内模型。{slow}',
  'WebGPU with shader-f16 works here: in-browser models can run.':
    '这里可以使用支持 shader-f16 的 WebGPU：可以运行浏览器内模型。',
  'The in-browser model answered without text.': '浏览器内模型的回答中没有文本。',
  "The in-browser model's answer ended before it finished (after {count} characters). Try again.":
    '浏览器内模型的回答在完成前就结束了（已收到 {count} 个字符）。请重试。',
  'The in-browser model was interrupted before it finished. Try again.':
    '浏览器内模型在完成前被中断。请重试。',
  'This browser cannot run in-browser models: WebGPU is not available. Use an OpenAI-compatible server instead, such as Ollama or LM Studio running on this computer.':
    '此浏览器无法运行浏览器内模型：WebGPU 不可用。请改用 OpenAI 兼容服务器，例如在本机上运行的 Ollama 或 LM Studio。',
  '{model} needs a GPU feature this device lacks ({reason}). Pick a model whose name has q4f32 instead of q4f16, or use an endpoint.':
    '{model} 需要此设备不具备的 GPU 特性（{reason}）。请选择名称中带 q4f32 而不是 q4f16 的模型，或使用服务器。',
  'The in-browser model {model} is not loaded. Download or load it in the in-browser model settings, then try again.':
    '浏览器内模型 {model} 尚未加载。请在浏览器内模型设置中下载或加载它，然后重试。',
  'The GPU stopped while running {model}, usually because it ran out of memory. Close other tabs or pick a smaller model (a -1k variant needs less), then try again.':
    '运行 {model} 时 GPU 停止了，通常是因为内存不足。请关闭其他标签页或选择更小的模型（-1k 版本需要的内存更少），然后重试。',
  "The story is too long for {model}'s context window ({reason}). Pick a model with a longer context (the -1k variants hold only 1,024 tokens) or use an endpoint.":
    '故事太长，超出了 {model} 的上下文窗口（{reason}）。请选择上下文更长的模型（-1k 版本只能容纳 1,024 个 token），或使用服务器。',
  'There is not enough storage space for {model}. Delete cached models you no longer use, or free disk space, then try again.':
    '存储空间不足，无法保存 {model}。请删除不再使用的已缓存模型或释放磁盘空间，然后重试。',
  'Could not download the files for {model} ({reason}). Check the internet connection and try again: parts already downloaded are kept.':
    '无法下载 {model} 的文件（{reason}）。请检查网络连接后重试：已下载的部分会保留。',
  'The in-browser engine refused the request: {reason}': '浏览器内引擎拒绝了请求：{reason}',
  'The in-browser model {model} failed: {reason}': '浏览器内模型 {model} 出错：{reason}',
  'unknown error': '未知错误',
  'WebGPU is not available in this browser.': '此浏览器中 WebGPU 不可用。',
  'Needs the shader-f16 GPU feature, which this device lacks: pick a q4f32 model.':
    '需要此设备不具备的 shader-f16 GPU 特性：请选择 q4f32 模型。',
  'This GPU allows only {size} MB buffers; WebLLM needs 256 MB.':
    '此 GPU 只允许 {size} MB 的缓冲区；WebLLM 需要 256 MB。',
  'Needs {needed} MB GPU storage buffers; this GPU allows {allowed} MB.':
    '需要 {needed} MB 的 GPU 存储缓冲区；此 GPU 只允许 {allowed} MB。',
  "This browser does not report the device's memory; only small models are marked as fitting.":
    '此浏览器不报告设备内存；只有小模型会被标为适合。',
  'Needs about {needed} GB of memory; this device reports {reported} GB ({usable} GB usable for a model).':
    '需要约 {needed} GB 内存；此设备报告有 {reported} GB（其中 {usable} GB 可供模型使用）。',
  'There is no in-browser model called {model}.': '没有名为 {model} 的浏览器内模型。',
  "Could not delete {model} from the browser's storage ({reason}).":
    '无法从浏览器存储中删除 {model}（{reason}）。',
  'This in-browser profile has no model chosen yet. Pick one in the settings.':
    '这个浏览器内模型配置还没有选择模型。请在设置中选择一个。',
  'The in-browser model {model} is not downloaded yet. Download it in the settings first.':
    '浏览器内模型 {model} 尚未下载。请先在设置中下载。',
};

export const WORKER_MESSAGES_ZH: Messages = {
  ...WORKER_SYNC_MESSAGES_ZH,
  ...HOST_ZH,
  ...WORKER_WORLD_MESSAGES_ZH,
  ...WORKER_PATH_MESSAGES_ZH,
  ...WORKER_EVAL_MESSAGES_ZH,
  ...WORKER_CAST_MESSAGES_ZH,
  ...WORKER_LIBRARY_CARDS_MESSAGES_ZH,
  ...WORKER_MODEL_SERVER_MESSAGES_ZH,
  ...WORKER_ASSISTANT_MESSAGES_ZH,
  ...WORKER_WORLD_ASSISTANT_MESSAGES_ZH,
  ...WORKER_PRESET_ASSISTANT_MESSAGES_ZH,
  ...WORKER_PRESET_LIBRARY_MESSAGES_ZH,
  ...WORKER_DOCTOR_MESSAGES_ZH,
  ...WORKER_ASSISTANT_TURNS_MESSAGES_ZH,
  ...SERVER_ZH,
  ...LIMITS_ZH,
  ...PROMPT_KEEPING_ZH,
  ...IN_BROWSER_ZH,
};
