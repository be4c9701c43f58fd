/*
 * The built-in roaster: roasts and comment replies written from our own lines,
 * used when no Ollama vision model answers. It sees the photo through its own
 * pixel statistics and the build through the parts its title names.
 */
export { builtinAdvice } from './advice';
export { analysePhoto } from './analyse.server';
export { composeRoast } from './compose';
export { builtinFacts } from './derive-facts';
export { type LineMemory, NO_MEMORY, recentLines, ROAST_MEMORY } from './memory';
export type { PhotoAnalysis } from './photo';
export { composeReply } from './reply';
export { parseTitle, type TitleFacts } from './title';
export { describePhoto } from './describe';
