import { z } from 'zod';
import { memoriesExportSchema } from './memories-export';

/** The export's schema as JSON Schema (draft 2020-12), as docs/product/memories-export.schema.json holds it. */
export const exportJsonSchema = () =>
  `${JSON.stringify({ $id: 'https://twogether.app/schemas/memories-export/v1.json', title: 'Twogether memories export, version 1', ...z.toJSONSchema(memoriesExportSchema) }, null, 2)}\n`;
