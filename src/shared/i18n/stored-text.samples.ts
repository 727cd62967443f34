// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the server's template literals, quoted as source text
/**
 * The sentences the server stores in English (activity log, deadline explanations), for the
 * tests of stored-text.ts (their Spanish) and of the server's sources
 * (src/server/modules/grievances/stored-sentences.test.ts: no template without a pattern).
 * Test data only: nothing in the app imports it.
 */

/**
 * Every template the server writes into the activity log or a deadline's explanation: the
 * source as written (a template literal, or a plain string where it is one), in the file that
 * writes it, with sentences it gives and their Spanish. The scan below fails on a new sentence
 * template in these files that is not listed here (or in NOT_STORED).
 */
export const TEMPLATES: { file: string; source: string; samples: [string, string][] }[] = [
  // src/shared/schemas/grievances.ts: describeEvent, the log's wording.
  {
    file: "src/shared/schemas/grievances.ts",
    source: '`Comment: ${e.text ?? ""}`',
    samples: [["Comment: Please call me back.", "Comentario: Please call me back."]],
  },
  {
    file: "src/shared/schemas/grievances.ts",
    source: '`Internal note: ${e.text ?? ""}`',
    samples: [["Internal note: Check the schedule.", "Nota interna: Check the schedule."]],
  },
  {
    file: "src/shared/schemas/grievances.ts",
    source: '`Attached ${e.text ?? "a file"}`',
    samples: [
      ["Attached schedule.pdf", "Adjuntó schedule.pdf"],
      ["Attached a file", "Adjuntó un archivo"],
    ],
  },
  {
    file: "src/shared/schemas/grievances.ts",
    source: "`${base}: ${e.text}`",
    samples: [
      ["Marked as pending", "Marcada como pendiente"],
      ["Marked as pending: waiting for HR", "Marcada como pendiente: waiting for HR"],
      ["Escalated", "Escalada"],
      ["Escalated: old wording", "Escalada: old wording"],
      ["Resolved", "Resuelta"],
      ["Resolved: Outcome not recorded", "Resuelta: resultado no registrado"],
      [
        "Resolved: Outcome not recorded: settled by phone",
        "Resuelta: resultado no registrado: settled by phone",
      ],
      ["Resolved: paid in full", "Resuelta: paid in full"],
    ],
  },
  // src/server/modules/grievances/service.ts
  {
    file: "src/server/modules/grievances/service.ts",
    source: "`Grievance filed by ${input.name}.`",
    samples: [
      ["Grievance filed by Ana Ruiz.", "Queja presentada por Ana Ruiz."],
      ["Grievance filed.", "Queja presentada."],
    ],
  },
  {
    file: "src/server/modules/grievances/service.ts",
    source: '`Filed after the filing limit (${late.replace(/^filed /, "")}).`',
    samples: [
      [
        "Filed after the filing limit (Tue 8 Dec 2026: 3 days after the limit).",
        "Presentada después del plazo de presentación (mar, 8 de dic de 2026: 3 días después del plazo).",
      ],
      [
        "Filed after the filing limit (Wed 9 Dec 2026: 1 day after the limit).",
        "Presentada después del plazo de presentación (mié, 9 de dic de 2026: 1 día después del plazo).",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/service.ts",
    source: "`Employer answer to ${stepName}`",
    samples: [
      [
        "Employer answer to Step 1: 10 business days from Tue 1 Dec 2026 (filed)",
        "Respuesta del empleador en Step 1: 10 días hábiles desde el mar, 1 de dic de 2026 (presentación)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/service.ts",
    source: 'heading: "Filing limit"',
    samples: [
      [
        "Filing limit: 30 calendar days from Mon 2 Nov 2026 (incident)",
        "Plazo de presentación: 30 días calendario desde el lun, 2 de nov de 2026 (incidente)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/service.ts",
    source: 'fromLabel: "incident"',
    samples: [],
  },
  { file: "src/server/modules/grievances/service.ts", source: 'fromLabel: "filed"', samples: [] },
  // src/server/modules/procedure/service.ts: the procedure page's preview.
  {
    file: "src/server/modules/procedure/service.ts",
    source: 'heading: "Deadline"',
    samples: [
      [
        "Deadline: 1 business day from Fri 4 Dec 2026 (filed)",
        "Plazo: 1 día hábil desde el vie, 4 de dic de 2026 (presentación)",
      ],
    ],
  },
  { file: "src/server/modules/procedure/service.ts", source: 'fromLabel: "filed"', samples: [] },
  // src/server/modules/grievances/step-actions.ts
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`${text}: ${note}`",
    samples: [],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source:
      "`Employer answered ${g.stepName} on ${formatDay(input.receivedOn)}: ${DECISION_WORDS[input.decision]}`",
    samples: [
      [
        "Employer answered Step 1 on Tue 8 Dec 2026: denied",
        "El empleador respondió en Step 1 el mar, 8 de dic de 2026: denegada",
      ],
      [
        "Employer answered Step 2 on Mon 4 Jan 2027: partly granted: half the overtime",
        "El empleador respondió en Step 2 el lun, 4 de ene de 2027: concedida en parte: half the overtime",
      ],
      [
        "Employer answered Step 1 on Tue 8 Dec 2026: granted",
        "El empleador respondió en Step 1 el mar, 8 de dic de 2026: concedida",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`answer received ${formatDay(input.receivedOn)}`",
    samples: [["answer received Tue 8 Dec 2026", "respuesta recibida el mar, 8 de dic de 2026"]],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Union appeal to ${next.name}`",
    samples: [
      [
        "Union appeal to Step 2: 10 business days from Tue 8 Dec 2026 (answer received)",
        "Apelación del sindicato a Step 2: 10 días hábiles desde el mar, 8 de dic de 2026 (respuesta recibida)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: 'fromLabel: "answer received"',
    samples: [],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`appealed ${formatDay(today)}`",
    samples: [["appealed Thu 10 Dec 2026", "apelada el jue, 10 de dic de 2026"]],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`closed ${formatDay(today)}: appealed to ${next.name} without the employer's answer`",
    samples: [
      [
        "closed Thu 10 Dec 2026: appealed to Step 2 without the employer's answer",
        "cerrado el jue, 10 de dic de 2026: apelada a Step 2 sin la respuesta del empleador",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Employer answer to ${next.name}`",
    samples: [
      [
        "Employer answer to Step 2: 15 calendar days from Thu 10 Dec 2026 (appealed)",
        "Respuesta del empleador en Step 2: 15 días calendario desde el jue, 10 de dic de 2026 (apelación)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: 'fromLabel: "appealed"',
    samples: [],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Escalated to ${next.name}`",
    samples: [
      ["Escalated to Step 2", "Escalada a Step 2"],
      ["Escalated to Step 2: no answer yet", "Escalada a Step 2: no answer yet"],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source:
      "`extended from ${formatDay(d.dueDate)} to ${formatDay(input.newDueDate)} (agreed with ${input.agreedWith})`",
    samples: [
      [
        "extended from Tue 8 Dec 2026 to Tue 15 Dec 2026 (agreed with J. Ortiz, HR)",
        "extendido del mar, 8 de dic de 2026 al mar, 15 de dic de 2026 (acordado con J. Ortiz, HR)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source:
      "`Deadline extended: ${deadlineSubject(d)} from ${formatDay(d.dueDate)} to ${formatDay(input.newDueDate)}, agreed with ${input.agreedWith}`",
    samples: [
      [
        "Deadline extended: the employer's answer at Step 1 from Tue 8 Dec 2026 to Tue 15 Dec 2026, agreed with J. Ortiz",
        "Plazo extendido: la respuesta del empleador en Step 1, del mar, 8 de dic de 2026 al mar, 15 de dic de 2026, acordado con J. Ortiz",
      ],
      [
        "Deadline extended: the union's appeal from Step 1 from Tue 8 Dec 2026 to Tue 15 Dec 2026, agreed with HR: by mail",
        "Plazo extendido: la apelación del sindicato desde Step 1, del mar, 8 de dic de 2026 al mar, 15 de dic de 2026, acordado con HR: by mail",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Put on hold: ${input.reason}`",
    samples: [["Put on hold: Waiting for the audit", "Puesta en espera: Waiting for the audit"]],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`; ${deadlineSubject(running)} moved to ${formatDay(shifted.dueDate)}`",
    samples: [
      [
        "Resumed after 3 days on hold; the employer's answer at Step 1 moved to Fri 11 Dec 2026",
        "Reanudada después de 3 días en espera; la respuesta del empleador en Step 1 pasa al vie, 11 de dic de 2026",
      ],
      [
        "Resumed after 3 days on hold; the filing limit moved to Fri 11 Dec 2026: back at work",
        "Reanudada después de 3 días en espera; el plazo de presentación pasa al vie, 11 de dic de 2026: back at work",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: '`Resumed after ${held} ${held === 1 ? "day" : "days"} on hold${moved}`',
    samples: [
      ["Resumed after 1 day on hold", "Reanudada después de 1 día en espera"],
      ["Resumed after 0 days on hold: same day", "Reanudada después de 0 días en espera: same day"],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Assigned to ${person.name}`",
    samples: [["Assigned to Sam Steward", "Asignada a Sam Steward"]],
  },
  // src/server/modules/grievances/outcome-actions.ts
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`closed ${formatDay(today)}: the grievance was closed (${label.toLowerCase()})`",
    samples: [
      [
        "closed Fri 11 Dec 2026: the grievance was closed (granted)",
        "cerrado el vie, 11 de dic de 2026: la queja se cerró (concedida)",
      ],
      [
        "closed Fri 11 Dec 2026: the grievance was closed (won at arbitration)",
        "cerrado el vie, 11 de dic de 2026: la queja se cerró (ganada en arbitraje)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source:
      "`Remedy: ${money} (${remedy.description}), agreed on closing ${formatDay(today)} (${label})`",
    samples: [
      [
        "Remedy: $1,234.50 (Back pay), agreed on closing Fri 11 Dec 2026 (Settled)",
        "Remedio: $1,234.50 (Pago retroactivo), acordado al cerrar el vie, 11 de dic de 2026 (Resuelta por acuerdo)",
      ],
      [
        "Remedy: USD 90.00 (boots (two pairs)), agreed on closing Fri 11 Dec 2026 (Granted)",
        "Remedio: USD 90.00 (boots (two pairs)), acordado al cerrar el vie, 11 de dic de 2026 (Concedida)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`due ${formatDay(remedy.dueDate)}`",
    samples: [["due Mon 4 Jan 2027", "vence el lun, 4 de ene de 2027"]],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "` Remedy: ${money} (${remedy.description}) due ${formatDay(remedy.dueDate)}.`",
    samples: [
      [
        "Closed at Step 2: Settled. Paid for the missed shifts. Remedy: $1,234.50 (Reinstatement pay) due Mon 4 Jan 2027.",
        "Cerrada en Step 2: Resuelta por acuerdo. Paid for the missed shifts. Remedio: $1,234.50 (Pago por reincorporación), vence el lun, 4 de ene de 2027.",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`Closed at ${g.stepName}: ${label}. ${input.summary}${owed}`",
    samples: [
      [
        "Closed at Step 1: Withdrawn. The member left.\nSecond line.",
        "Cerrada en Step 1: Retirada. The member left.\nSecond line.",
      ],
      [
        "Closed at Arbitration: Lost at arbitration. Award upheld.",
        "Cerrada en Arbitration: Perdida en arbitraje. Award upheld.",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`received ${formatDay(today)} (confirmed by ${ctx.actor.name})`",
    samples: [
      [
        "received Mon 4 Jan 2027 (confirmed by Ana Ruiz)",
        "recibido el lun, 4 de ene de 2027 (confirmado por Ana Ruiz)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source:
      '`Remedy received: ${money} (${r.remedyDescription ?? ""}), confirmed by ${ctx.actor.name}`',
    samples: [
      [
        "Remedy received: $1,234.50 (Other), confirmed by Ana Ruiz",
        "Remedio recibido: $1,234.50 (Otro), confirmado por Ana Ruiz",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`closed ${formatDay(today)}: the grievance was reopened`",
    samples: [
      [
        "closed Mon 4 Jan 2027: the grievance was reopened",
        "cerrado el lun, 4 de ene de 2027: la queja se reabrió",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/outcome-actions.ts",
    source: "`Reopened at ${g.stepName}: ${input.reason}`",
    samples: [["Reopened at Step 2: Not paid", "Reabierta en Step 2: Not paid"]],
  },
  // src/server/modules/grievances/deemed-denial.ts
  {
    file: "src/server/modules/grievances/deemed-denial.ts",
    source: "`no answer by ${formatDay(running.dueDate)}: deemed denied under the agreement`",
    samples: [
      [
        "no answer by Tue 8 Dec 2026: deemed denied under the agreement",
        "sin respuesta al mar, 8 de dic de 2026: se considera denegada según el contrato colectivo",
      ],
      [
        "No answer by Tue 8 Dec 2026: deemed denied under the agreement",
        "Sin respuesta al mar, 8 de dic de 2026: se considera denegada según el contrato colectivo",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/deemed-denial.ts",
    source: "`N${missed.slice(1)}`",
    samples: [],
  },
  {
    file: "src/server/modules/grievances/deemed-denial.ts",
    source: "`no answer by that day: deemed denied under the agreement`",
    samples: [
      [
        "Union appeal to Step 2: 5 business days from Tue 8 Dec 2026 (no answer by that day: deemed denied under the agreement)",
        "Apelación del sindicato a Step 2: 5 días hábiles desde el mar, 8 de dic de 2026 (sin respuesta en esa fecha: se considera denegada según el contrato colectivo)",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/deemed-denial.ts",
    source: "`Union appeal to ${next.name}`",
    samples: [],
  },
  // src/server/modules/grievances/step-actions.ts correctAnswer (issue 30)
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`Union appeal to ${next?.name ?? g.stepName}`",
    samples: [],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source: "`corrected ${formatDay(today)}: answer received ${formatDay(input.receivedOn)}`",
    samples: [
      [
        "corrected Thu 3 Dec 2026: answer received Mon 30 Nov 2026",
        "corregido el jue, 3 de dic de 2026: respuesta recibida el lun, 30 de nov de 2026",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/step-actions.ts",
    source:
      "`Employer's answer at ${g.stepName} corrected: received ${formatDay(input.receivedOn)} (was ${formatDay(was)}), ${DECISION_WORDS[input.decision]}`",
    samples: [
      [
        "Employer's answer at Step 1 corrected: received Mon 30 Nov 2026 (was Thu 1 Oct 2026), partly granted: typed the wrong month",
        "Respuesta del empleador en Step 1 corregida: recibida el lun, 30 de nov de 2026 (antes el jue, 1 de oct de 2026), concedida en parte: typed the wrong month",
      ],
    ],
  },
  // src/server/modules/grievances/grievants.ts
  {
    file: "src/server/modules/grievances/grievants.ts",
    source: "`Added ${person.name} as a grievant`",
    samples: [["Added Lee Park as a grievant", "Se agregó a Lee Park como miembro de la queja"]],
  },
  {
    file: "src/server/modules/grievances/grievants.ts",
    source: "`Removed ${person.name} as a grievant`",
    samples: [["Removed Lee Park as a grievant", "Se quitó a Lee Park como miembro de la queja"]],
  },
  // src/server/modules/grievances/related.ts (the verbs are plain strings there).
  {
    file: "src/server/modules/grievances/related.ts",
    source: '`${verb}${others.length > 1 ? "s" : ""} ${others.join(", ")}`',
    samples: [
      [
        "Linked to related grievances G-2026-0002, G-2026-0003",
        "Vinculada a las quejas relacionadas G-2026-0002, G-2026-0003",
      ],
      [
        "Unlinked from grievances G-2026-0002, G-2026-0003",
        "Desvinculada de las quejas G-2026-0002, G-2026-0003",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/related.ts",
    source: "`${verb} ${id}`",
    samples: [
      ["Linked to related grievance G-2026-0001", "Vinculada a la queja relacionada G-2026-0001"],
      ["Unlinked from grievance G-2026-0001", "Desvinculada de la queja G-2026-0001"],
    ],
  },
  // src/server/modules/grievances/convert.ts
  {
    file: "src/server/modules/grievances/convert.ts",
    source: "`Group grievance formed by ${actor.name} from ${list}.${input.note ? `",
    samples: [
      [
        "Group grievance formed by Sam Steward from G-2026-0001, G-2026-0002.",
        "Queja grupal formada por Sam Steward a partir de G-2026-0001, G-2026-0002.",
      ],
      [
        "Group grievance formed by Sam Steward from G-2026-0001, G-2026-0002. Same schedule change.",
        "Queja grupal formada por Sam Steward a partir de G-2026-0001, G-2026-0002. Same schedule change.",
      ],
    ],
  },
  { file: "src/server/modules/grievances/convert.ts", source: '` : ""}`', samples: [] },
  {
    file: "src/server/modules/grievances/convert.ts",
    source: "`closed ${formatDay(today)}: the grievance was merged into group grievance ${id}`",
    samples: [
      [
        "closed Fri 11 Dec 2026: the grievance was merged into group grievance G-2026-0009",
        "cerrado el vie, 11 de dic de 2026: la queja se unió a la queja grupal G-2026-0009",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/convert.ts",
    source: "`Merged into group grievance ${id} with ${list}.`",
    samples: [
      [
        "Merged into group grievance G-2026-0009 with G-2026-0001, G-2026-0002.",
        "Unida a la queja grupal G-2026-0009 con G-2026-0001, G-2026-0002.",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/convert.ts",
    source: "`Merged into group grievance ${id} at ${g.stepName}. Its history stays here.`",
    samples: [
      [
        "Merged into group grievance G-2026-0009 at Step 1. Its history stays here.",
        "Unida a la queja grupal G-2026-0009 en Step 1. Su historial se conserva aquí.",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/convert.ts",
    source: "`Employer answer to ${stepName}`",
    samples: [],
  },
  { file: "src/server/modules/grievances/convert.ts", source: 'fromLabel: "filed"', samples: [] },
  // src/server/modules/grievances/deadlines.ts
  {
    file: "src/server/modules/grievances/deadlines.ts",
    source: "`the employer's answer at ${d.stepName}`",
    samples: [],
  },
  {
    file: "src/server/modules/grievances/deadlines.ts",
    source: "`the union's appeal from ${d.stepName}`",
    samples: [],
  },
  {
    file: "src/server/modules/grievances/deadlines.ts",
    source: '`filed ${formatDay(filedOn)}: ${late} ${late === 1 ? "day" : "days"} after the limit`',
    samples: [
      [
        "filed Tue 8 Dec 2026: 3 days after the limit",
        "presentada el mar, 8 de dic de 2026: 3 días después del plazo",
      ],
    ],
  },
  {
    file: "src/server/modules/grievances/deadlines.ts",
    source: "`filed ${formatDay(filedOn)}: within the limit`",
    samples: [
      [
        "filed Tue 8 Dec 2026: within the limit",
        "presentada el mar, 8 de dic de 2026: dentro del plazo",
      ],
    ],
  },
  // src/server/modules/employer/serve.ts, respond.ts
  {
    file: "src/server/modules/employer/serve.ts",
    source: "`Served on ${contact.name} (${contact.email})`",
    samples: [
      ["Served on J. Ortiz (j.ortiz@example.com)", "Notificada a J. Ortiz (j.ortiz@example.com)"],
    ],
  },
  {
    file: "src/server/modules/employer/respond.ts",
    source: "`Opened by ${s.contactName}`",
    samples: [["Opened by J. Ortiz", "Abierta por J. Ortiz"]],
  },
  // src/shared/deadline-engine/deadline.ts: the engine.
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`skipped ${shortDay(d)} (${reason})`",
    samples: [
      ["skipped Thu 26 Nov (Thanksgiving Day)", "se omitió el jue, 26 de nov (Thanksgiving Day)"],
      [
        "skipped Mon 29 Feb (Office closed (move))",
        "se omitió el lun, 29 de feb (Office closed (move))",
      ],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`skipped ${shortDay(start)} (weekend)`",
    samples: [["skipped Sun 29 Nov (weekend)", "se omitió el dom, 29 de nov (fin de semana)"]],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`skipped weekend ${fromText} to ${toText}`",
    samples: [
      ["skipped weekend 28 to 29 Nov", "se omitió el fin de semana del 28–29 de nov"],
      ["skipped weekend 30 Nov to 1 Dec", "se omitió el fin de semana del 30 de nov – 1 de dic"],
      [
        "skipped weekend 31 Dec 2022 to 1 Jan 2023",
        "se omitió el fin de semana del 31 de dic de 2022 – 1 de ene de 2023",
      ],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: '`${n} ${word}${n === 1 ? "" : "s"}`',
    samples: [],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`${plural(limit.days, `",
    samples: [],
  },
  { file: "src/shared/deadline-engine/deadline.ts", source: "`)}`", samples: [] },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`${a.heading}: ${describeLimit(a.limit)} from ${formatDay(a.from)} (${a.fromLabel})`",
    samples: [
      [
        "Custom heading: 1 calendar day from Tue 8 Dec 2026 (custom start)",
        "Custom heading: 1 día calendario desde el mar, 8 de dic de 2026 (custom start)",
      ],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source:
      "`day ${a.limit.days} is ${formatDay(last)}, not a business day: moved to the next one`",
    samples: [
      [
        "day 30 is Sat 5 Dec 2026, not a business day: moved to the next one",
        "el día 30 es sáb, 5 de dic de 2026, que no es hábil: pasa al siguiente día hábil",
      ],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`due ${formatDay(due)}`",
    samples: [["due Tue 8 Dec 2026", "vence el mar, 8 de dic de 2026"]],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`on hold from ${formatDay(a.heldOn)} to ${formatDay(a.resumedOn)}: ${plural(held, `",
    samples: [
      [
        "on hold from Tue 1 Dec 2026 to Fri 4 Dec 2026: 3 business days held",
        "en espera del mar, 1 de dic de 2026 al vie, 4 de dic de 2026: 3 días hábiles en pausa",
      ],
    ],
  },
  { file: "src/shared/deadline-engine/deadline.ts", source: "`)} held`", samples: [] },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source:
      "`information request pending from ${formatDay(a.servedOn)} to ${formatDay(a.answeredOn)}: ${plural(held, `",
    samples: [
      [
        "information request pending from Tue 1 Dec 2026 to Fri 4 Dec 2026: 3 business days tolled",
        "solicitud de información pendiente del mar, 1 de dic de 2026 al vie, 4 de dic de 2026: 3 días hábiles suspendidos",
      ],
    ],
  },
  { file: "src/shared/deadline-engine/deadline.ts", source: "`)} tolled`", samples: [] },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`due date unchanged: ${formatDay(a.dueDate)}`",
    samples: [
      ["due date unchanged: Tue 8 Dec 2026", "fecha límite sin cambios: mar, 8 de dic de 2026"],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`moved by ${plural(held, `",
    samples: [],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`)} from ${formatDay(a.dueDate)}`",
    samples: [
      [
        "moved by 1 calendar day from Tue 8 Dec 2026",
        "se movió 1 día calendario desde el mar, 8 de dic de 2026",
      ],
    ],
  },
  {
    file: "src/shared/deadline-engine/deadline.ts",
    source: "`${formatDay(moved)} is not a business day: moved to the next one`",
    samples: [
      [
        "Sat 12 Dec 2026 is not a business day: moved to the next one",
        "el sáb, 12 de dic de 2026 no es día hábil: pasa al siguiente día hábil",
      ],
    ],
  },
];

/** Template literals in those files that are not stored sentences (messages, SQL, paths). */
export const NOT_STORED = new Set([
  "`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ ...event, grievants })})`",
  "`Comment: ${text}`", // the mail's line about a comment (mail helper)
  "`${appUrl}/grievances/${grievanceId}`",
  '`attachments/${organizationId}/${randomBytes(12).toString("hex")}.${extension}`',
  "`A resolved grievance cannot ${what}.`",
  "`The grievance is on hold: resume it before it can ${what}.`",
  "`The employer's answer at ${g.stepName} is already recorded.`",
  "`${g.stepName} is the last step: there is no appeal from it.`",
  "`A grievance that is ${g.status} cannot be ${ACTION[change.status]}.`",
  "`to_char(${sql.ref(at)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`", // SQL (stepBegan)
  "`to_char(max(closed_on), 'YYYY-MM-DD')`",
  "`${person.name} is already a grievant.`",
  "`(SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(related_ids || ${ids}::text[]) x)`",
  "`(SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(related_ids) x WHERE x <> ALL(${ids}::text[]))`",
  "`${id} is already linked to ${otherId}.`",
  "`${text.slice(0, max - 1)}…`",
  "`${g.id} is not an individual grievance: only those can be joined.`",
  "`${g.id} is resolved: reopen it first.`",
  "`Group: ${lead.subject}`", // a subject: the grievance's own text
  "`Group grievance joining ${list}; each one's own history stays on it.`", // its description
  "`${g.id} (${g.name}): ${g.description}`",
  "`Your grievance was joined into group grievance ${done.id}, of which you are a grievant. Its history stays on ${g.id}.`", // a mail
  '`${n} ${n === 1 ? "day" : "days"}`', // nextDeadlineOf: the web has deadlineSummary
  "`On hold: the date of ${day} moves when the grievance resumes`",
  "`The employer's answer was due ${day}: ${days(overdue)} late`",
  "`Waiting for the employer's answer, due ${day}`",
  "`The appeal to the next step was due ${day}: ${days(overdue)} ago`",
  "`The union can appeal to the next step until ${day}`",
  "`Filing limit ${day}`",
  "`\n    SELECT * FROM employer_service_by_token(${hashResponseToken(token)})`",
  "`(SELECT next_deadline_id FROM grievances\n          WHERE organization_id = ${org} AND id = ${s.grievanceId})`",
  '`The deadline for ${deadlineSubject(appeal)} is ${appeal.explanation.at(-1)?.replace(/^due /, "")}.`', // a mail
  "`${appUrl}/grievances/${s.grievanceId}`",
  "`Your answer is due by ${formatDay(dueDate)} under the agreement`", // the employer's page
  "`The agreement sets no date for your answer at ${stepName}`",
  '`served/${org}/${randomBytes(12).toString("hex")}.pdf`',
  "`${ctx.appUrl}/respond/${token}`",
  "`A limit is 1 to 365 days, not ${limit.days}`",
  "`${d}T00:00:00Z`",
  '`${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\\s,.;:]+$/, "")}…`',
  "`Link at most ${RELATED_MAX} related grievances.`",
  "`Join at most ${RELATED_MAX} grievances.`",
]);

/** Sentences written elsewhere than a template literal of those files. */
export const OTHER_SAMPLES: [string, string][] = [
  // The grievance history import (src/server/modules/grievances/history-import.ts, issue 29).
  [
    "Imported from the local's records by Ana Ruiz.",
    "Importada de los registros del local por Ana Ruiz.",
  ],
  [
    "imported Thu 26 Nov 2026 from the local's records",
    "importada el jue, 26 de nov de 2026 de los registros del local",
  ],
  ["marked met in the imported file", "marcado como cumplido en el archivo importado"],
  [
    "already past at import: marked missed",
    "ya había vencido al importar: marcado como incumplido",
  ],
  // Stored by the status route's 'resolved' before issue 30 (refused since): old rows keep it.
  [
    "closed Fri 11 Dec 2026: the grievance was resolved",
    "cerrado el vie, 11 de dic de 2026: la queja se resolvió",
  ],
  // The missed-deadline job (SQL).
  [
    "Deadline missed: the employer's answer at Step 1 was due Tue 8 Dec 2026.",
    "Plazo incumplido: la respuesta del empleador en Step 1 vencía el mar, 8 de dic de 2026.",
  ],
  [
    "Deadline missed: the union's appeal from Step 2 was due Tue 8 Dec 2026.",
    "Plazo incumplido: la apelación del sindicato desde Step 2 vencía el mar, 8 de dic de 2026.",
  ],
  [
    "Deadline missed: the filing limit was due Tue 8 Dec 2026.",
    "Plazo incumplido: el plazo de presentación vencía el mar, 8 de dic de 2026.",
  ],
  [
    "Remedy overdue: the employer's payment was due Mon 4 Jan 2027.",
    "Remedio vencido: el pago del empleador vencía el lun, 4 de ene de 2027.",
  ],
];
