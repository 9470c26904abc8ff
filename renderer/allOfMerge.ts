/**
 * rjsf's real merge of a schema's `allOf`, handed to the build's stand-in (renderer/rjsfBase/shallowAllOfMerge.ts). A
 * step module whose schema says `allOf` imports this module (vite.config.ts, stepModulesPlugin's `keywordModules`).
 * Outside the build (the tests, Storybook) rjsf keeps its own import and this hand-over is not read.
 */
import shallowAllOfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import { provideAllOfMerge } from './rjsfBase/shallowAllOfMerge.ts';

provideAllOfMerge(shallowAllOfMerge);
