export { ModelManager } from './model-manager';
export {
  ModelManagerError,
  type InstallOptions,
  type InstallPhase,
  type InstallProgress,
  type InstallRecord,
  type ModelErrorCode,
  type ModelInfo,
  type ModelManagerOptions,
} from './types';
