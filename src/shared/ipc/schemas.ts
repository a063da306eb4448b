import { z } from 'zod';
import { EXPORT_FORMATS, JOB_KINDS, JOB_STATUS_VALUES, type JobListQuery } from './jobs';
import type { LlmTestInput, SettingsPatch } from './settings';
import { validate, type Validation } from '../schemas/validation';

// Input checks shared by the IPC handlers and the /app routes (the renderer may use them for inline errors).

const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

export const jobListQuerySchema = z.object({
  kind: z.enum(JOB_KINDS).optional(),
  status: z.array(z.enum(JOB_STATUS_VALUES)).optional(),
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  text: z.string().trim().max(200).optional(),
  offset: z.int().min(0).default(0),
  limit: z.int().min(1).max(100).default(20),
});
export type ParsedJobListQuery = z.output<typeof jobListQuerySchema>;

export const exportFormatSchema = z.enum(EXPORT_FORMATS);

export const jobIdSchema = z.string().min(1).max(100);

export const preferencesPatchSchema = z.strictObject({
  defaultModel: z.string().min(1).max(50).optional(),
  defaultLanguage: z.string().min(2).max(10).nullable().optional(),
  defaultSubtitles: z.boolean().optional(),
  defaultDiarization: z.boolean().optional(),
});

const llmUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const llmModelSchema = z.string().trim().min(1).max(200).nullable();
const llmKeySchema = z.string().min(1).max(4000).nullable();

// The same bounds as the --llm-* flags (src/main/config.ts).
export const llmPatchSchema = z.strictObject({
  url: llmUrlSchema.optional(),
  model: llmModelSchema.optional(),
  apiKey: llmKeySchema.optional(),
  timeoutS: z.number().positive().max(3600).optional(),
  contextChars: z.int().min(1000).max(10_000_000).optional(),
});

export const llmTestSchema = z.strictObject({
  url: llmUrlSchema.optional(),
  model: llmModelSchema.optional(),
  apiKey: llmKeySchema.optional(),
});

export const settingsPatchSchema = z.strictObject({
  port: z.int().min(0).max(65535).optional(),
  dataDir: z.string().min(1).optional(),
  modelsDir: z.string().min(1).optional(),
  preferences: preferencesPatchSchema.optional(),
  llm: llmPatchSchema.nullable().optional(),
});

export const liveStartSchema = z.object({
  deviceId: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const parseJobListQuery = (input: JobListQuery | undefined): Validation<ParsedJobListQuery> =>
  validate(jobListQuerySchema, input ?? {});

export const parseSettingsPatch = (input: unknown): Validation<SettingsPatch> =>
  validate(settingsPatchSchema, input);

export const parseLlmTest = (input: unknown): Validation<LlmTestInput> =>
  validate(llmTestSchema, input ?? {});
