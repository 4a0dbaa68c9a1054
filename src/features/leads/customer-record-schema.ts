import { z } from "zod";
import { customers } from "~/shared/i18n/en/staff-customers";
import { LEAD_TYPES } from "~/shared/leads/lead-types";
import { requiredMultilineText, requiredText, uuidField, withoutControlCharacters } from "~/shared/validation/fields";

/**
 * The customer record's forms (docs/behaviour.md §19), one schema each, shared by the dashboard's
 * forms and the API that checks them; messages from the staff catalogue.
 */
const c = customers;

const optionalNote = (message: string) =>
  z
    .string({ error: message })
    .overwrite(withoutControlCharacters)
    .trim()
    .max(2000, message)
    .optional()
    .transform((v) => v ?? "");

/** Which of the customer's leads a reply, call or task is about; the latest open one when left out. */
const leadRef = {
  leadType: z.enum(LEAD_TYPES, { error: c.reply.leadInvalid }).optional(),
  leadId: uuidField(c.reply.leadInvalid).optional(),
};

export const replySchema = z.object({
  subject: requiredText(c.reply.subjectRequired).max(200, c.reply.subjectTooLong),
  text: requiredMultilineText(c.reply.textRequired).max(10_000, c.reply.textTooLong),
  ...leadRef,
});
export type ReplyInput = z.infer<typeof replySchema>;

export const CALL_OUTCOMES = ["reached", "voicemail", "no-answer"] as const;

export const callSchema = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: c.call.outcomeInvalid }).optional(),
  note: optionalNote(c.call.noteTooLong),
  ...leadRef,
});
export type CallInput = z.infer<typeof callSchema>;

export const noteSchema = z.object({
  text: requiredMultilineText(c.note.textRequired).max(2000, c.note.textTooLong),
  ...leadRef,
});
export type NoteInput = z.infer<typeof noteSchema>;

export const TASK_KINDS = ["call", "text", "email", "other"] as const;

export const taskSchema = z.object({
  kind: z.enum(TASK_KINDS, { error: c.task.kindInvalid }),
  // An instant with its offset (the browser sends its datetime-local value as ISO), kept as UTC.
  dueAt: z
    .string({ error: c.task.dueInvalid })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), c.task.dueInvalid)
    .transform((v) => new Date(v).toISOString()),
  assigneeId: uuidField(c.task.assigneeInvalid),
  note: optionalNote(c.task.noteTooLong),
  ...leadRef,
});
export type TaskInput = z.infer<typeof taskSchema>;

export const taskDoneSchema = z.object({ done: z.boolean({ error: c.task.doneInvalid }) });

export const mergeSchema = z.object({ otherId: uuidField(c.merge.otherInvalid) });

/** GET /api/admin/tasks: whose (me, all, or a staff id) and which (today with the overdue, overdue only, all). */
export const taskListQuerySchema = z.object({
  assignee: z.union([z.literal("me"), z.literal("all"), uuidField()]).default("me"),
  due: z.enum(["today", "overdue", "all"]).default("today"),
});

/** PUT /api/admin/customers/{id}/contact-preferences: which channels the customer must not be contacted on (decision 094). */
export const contactPreferencesSchema = z.object({
  doNotContact: z.object(
    {
      email: z.boolean({ error: c.contactPreferences.invalid }),
      phone: z.boolean({ error: c.contactPreferences.invalid }),
      text: z.boolean({ error: c.contactPreferences.invalid }),
    },
    { error: c.contactPreferences.invalid },
  ),
});
export type ContactPreferencesInput = z.infer<typeof contactPreferencesSchema>;
