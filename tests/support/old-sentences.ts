/**
 * The sentences the server stored in English before issue 31 (activity log, deadline
 * explanations), each with its Spanish as the reader saw it: the samples of the pattern layer
 * that issue 31 removed (src/shared/i18n/stored-text.samples.ts), kept as data for migration
 * 0220's test (tests/api/text-as-data-migration.test.ts).
 */
export const OLD_SENTENCES: [english: string, spanish: string][] = [
  ["Comment: Please call me back.", "Comentario: Please call me back."],
  ["Internal note: Check the schedule.", "Nota interna: Check the schedule."],
  ["Attached schedule.pdf", "Adjuntó schedule.pdf"],
  ["Attached a file", "Adjuntó un archivo"],
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
  ["Grievance filed by Ana Ruiz.", "Queja presentada por Ana Ruiz."],
  ["Grievance filed.", "Queja presentada."],
  [
    "Filed after the filing limit (Tue 8 Dec 2026: 3 days after the limit).",
    "Presentada después del plazo de presentación (mar, 8 de dic de 2026: 3 días después del plazo).",
  ],
  [
    "Filed after the filing limit (Wed 9 Dec 2026: 1 day after the limit).",
    "Presentada después del plazo de presentación (mié, 9 de dic de 2026: 1 día después del plazo).",
  ],
  [
    "Employer answer to Step 1: 10 business days from Tue 1 Dec 2026 (filed)",
    "Respuesta del empleador en Step 1: 10 días hábiles desde el mar, 1 de dic de 2026 (presentación)",
  ],
  [
    "Filing limit: 30 calendar days from Mon 2 Nov 2026 (incident)",
    "Plazo de presentación: 30 días calendario desde el lun, 2 de nov de 2026 (incidente)",
  ],
  [
    "Deadline: 1 business day from Fri 4 Dec 2026 (filed)",
    "Plazo: 1 día hábil desde el vie, 4 de dic de 2026 (presentación)",
  ],
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
  ["answer received Tue 8 Dec 2026", "respuesta recibida el mar, 8 de dic de 2026"],
  [
    "Union appeal to Step 2: 10 business days from Tue 8 Dec 2026 (answer received)",
    "Apelación del sindicato a Step 2: 10 días hábiles desde el mar, 8 de dic de 2026 (respuesta recibida)",
  ],
  ["appealed Thu 10 Dec 2026", "apelada el jue, 10 de dic de 2026"],
  [
    "closed Thu 10 Dec 2026: appealed to Step 2 without the employer's answer",
    "cerrado el jue, 10 de dic de 2026: apelada a Step 2 sin la respuesta del empleador",
  ],
  [
    "Employer answer to Step 2: 15 calendar days from Thu 10 Dec 2026 (appealed)",
    "Respuesta del empleador en Step 2: 15 días calendario desde el jue, 10 de dic de 2026 (apelación)",
  ],
  ["Escalated to Step 2", "Escalada a Step 2"],
  ["Escalated to Step 2: no answer yet", "Escalada a Step 2: no answer yet"],
  [
    "extended from Tue 8 Dec 2026 to Tue 15 Dec 2026 (agreed with J. Ortiz, HR)",
    "extendido del mar, 8 de dic de 2026 al mar, 15 de dic de 2026 (acordado con J. Ortiz, HR)",
  ],
  [
    "Deadline extended: the employer's answer at Step 1 from Tue 8 Dec 2026 to Tue 15 Dec 2026, agreed with J. Ortiz",
    "Plazo extendido: la respuesta del empleador en Step 1, del mar, 8 de dic de 2026 al mar, 15 de dic de 2026, acordado con J. Ortiz",
  ],
  [
    "Deadline extended: the union's appeal from Step 1 from Tue 8 Dec 2026 to Tue 15 Dec 2026, agreed with HR: by mail",
    "Plazo extendido: la apelación del sindicato desde Step 1, del mar, 8 de dic de 2026 al mar, 15 de dic de 2026, acordado con HR: by mail",
  ],
  ["Put on hold: Waiting for the audit", "Puesta en espera: Waiting for the audit"],
  [
    "Resumed after 3 days on hold; the employer's answer at Step 1 moved to Fri 11 Dec 2026",
    "Reanudada después de 3 días en espera; la respuesta del empleador en Step 1 pasa al vie, 11 de dic de 2026",
  ],
  [
    "Resumed after 3 days on hold; the filing limit moved to Fri 11 Dec 2026: back at work",
    "Reanudada después de 3 días en espera; el plazo de presentación pasa al vie, 11 de dic de 2026: back at work",
  ],
  ["Resumed after 1 day on hold", "Reanudada después de 1 día en espera"],
  ["Resumed after 0 days on hold: same day", "Reanudada después de 0 días en espera: same day"],
  ["Assigned to Sam Steward", "Asignada a Sam Steward"],
  [
    "closed Fri 11 Dec 2026: the grievance was closed (granted)",
    "cerrado el vie, 11 de dic de 2026: la queja se cerró (concedida)",
  ],
  [
    "closed Fri 11 Dec 2026: the grievance was closed (won at arbitration)",
    "cerrado el vie, 11 de dic de 2026: la queja se cerró (ganada en arbitraje)",
  ],
  [
    "Remedy: $1,234.50 (Back pay), agreed on closing Fri 11 Dec 2026 (Settled)",
    "Remedio: $1,234.50 (Pago retroactivo), acordado al cerrar el vie, 11 de dic de 2026 (Resuelta por acuerdo)",
  ],
  [
    "Remedy: USD 90.00 (boots (two pairs)), agreed on closing Fri 11 Dec 2026 (Granted)",
    "Remedio: USD 90.00 (boots (two pairs)), acordado al cerrar el vie, 11 de dic de 2026 (Concedida)",
  ],
  ["due Mon 4 Jan 2027", "vence el lun, 4 de ene de 2027"],
  [
    "Closed at Step 2: Settled. Paid for the missed shifts. Remedy: $1,234.50 (Reinstatement pay) due Mon 4 Jan 2027.",
    "Cerrada en Step 2: Resuelta por acuerdo. Paid for the missed shifts. Remedio: $1,234.50 (Pago por reincorporación), vence el lun, 4 de ene de 2027.",
  ],
  [
    "Closed at Step 1: Withdrawn. The member left.\nSecond line.",
    "Cerrada en Step 1: Retirada. The member left.\nSecond line.",
  ],
  [
    "Closed at Arbitration: Lost at arbitration. Award upheld.",
    "Cerrada en Arbitration: Perdida en arbitraje. Award upheld.",
  ],
  [
    "received Mon 4 Jan 2027 (confirmed by Ana Ruiz)",
    "recibido el lun, 4 de ene de 2027 (confirmado por Ana Ruiz)",
  ],
  [
    "Remedy received: $1,234.50 (Other), confirmed by Ana Ruiz",
    "Remedio recibido: $1,234.50 (Otro), confirmado por Ana Ruiz",
  ],
  [
    "closed Mon 4 Jan 2027: the grievance was reopened",
    "cerrado el lun, 4 de ene de 2027: la queja se reabrió",
  ],
  ["Reopened at Step 2: Not paid", "Reabierta en Step 2: Not paid"],
  [
    "no answer by Tue 8 Dec 2026: deemed denied under the agreement",
    "sin respuesta al mar, 8 de dic de 2026: se considera denegada según el contrato colectivo",
  ],
  [
    "No answer by Tue 8 Dec 2026: deemed denied under the agreement",
    "Sin respuesta al mar, 8 de dic de 2026: se considera denegada según el contrato colectivo",
  ],
  [
    "Union appeal to Step 2: 5 business days from Tue 8 Dec 2026 (no answer by that day: deemed denied under the agreement)",
    "Apelación del sindicato a Step 2: 5 días hábiles desde el mar, 8 de dic de 2026 (sin respuesta en esa fecha: se considera denegada según el contrato colectivo)",
  ],
  [
    "corrected Thu 3 Dec 2026: answer received Mon 30 Nov 2026",
    "corregido el jue, 3 de dic de 2026: respuesta recibida el lun, 30 de nov de 2026",
  ],
  [
    "Employer's answer at Step 1 corrected: received Mon 30 Nov 2026 (was Thu 1 Oct 2026), partly granted: typed the wrong month",
    "Respuesta del empleador en Step 1 corregida: recibida el lun, 30 de nov de 2026 (antes el jue, 1 de oct de 2026), concedida en parte: typed the wrong month",
  ],
  ["Added Lee Park as a grievant", "Se agregó a Lee Park como miembro de la queja"],
  ["Removed Lee Park as a grievant", "Se quitó a Lee Park como miembro de la queja"],
  [
    "Linked to related grievances G-2026-0002, G-2026-0003",
    "Vinculada a las quejas relacionadas G-2026-0002, G-2026-0003",
  ],
  [
    "Unlinked from grievances G-2026-0002, G-2026-0003",
    "Desvinculada de las quejas G-2026-0002, G-2026-0003",
  ],
  ["Linked to related grievance G-2026-0001", "Vinculada a la queja relacionada G-2026-0001"],
  ["Unlinked from grievance G-2026-0001", "Desvinculada de la queja G-2026-0001"],
  [
    "Group grievance formed by Sam Steward from G-2026-0001, G-2026-0002.",
    "Queja grupal formada por Sam Steward a partir de G-2026-0001, G-2026-0002.",
  ],
  [
    "Group grievance formed by Sam Steward from G-2026-0001, G-2026-0002. Same schedule change.",
    "Queja grupal formada por Sam Steward a partir de G-2026-0001, G-2026-0002. Same schedule change.",
  ],
  [
    "closed Fri 11 Dec 2026: the grievance was merged into group grievance G-2026-0009",
    "cerrado el vie, 11 de dic de 2026: la queja se unió a la queja grupal G-2026-0009",
  ],
  [
    "Merged into group grievance G-2026-0009 with G-2026-0001, G-2026-0002.",
    "Unida a la queja grupal G-2026-0009 con G-2026-0001, G-2026-0002.",
  ],
  [
    "Merged into group grievance G-2026-0009 at Step 1. Its history stays here.",
    "Unida a la queja grupal G-2026-0009 en Step 1. Su historial se conserva aquí.",
  ],
  [
    "filed Tue 8 Dec 2026: 3 days after the limit",
    "presentada el mar, 8 de dic de 2026: 3 días después del plazo",
  ],
  [
    "filed Tue 8 Dec 2026: within the limit",
    "presentada el mar, 8 de dic de 2026: dentro del plazo",
  ],
  ["Served on J. Ortiz (j.ortiz@example.com)", "Notificada a J. Ortiz (j.ortiz@example.com)"],
  ["Opened by J. Ortiz", "Abierta por J. Ortiz"],
  ["skipped Thu 26 Nov (Thanksgiving Day)", "se omitió el jue, 26 de nov (Thanksgiving Day)"],
  [
    "skipped Mon 29 Feb (Office closed (move))",
    "se omitió el lun, 29 de feb (Office closed (move))",
  ],
  ["skipped Sun 29 Nov (weekend)", "se omitió el dom, 29 de nov (fin de semana)"],
  ["skipped weekend 28 to 29 Nov", "se omitió el fin de semana del 28–29 de nov"],
  ["skipped weekend 30 Nov to 1 Dec", "se omitió el fin de semana del 30 de nov – 1 de dic"],
  [
    "skipped weekend 31 Dec 2022 to 1 Jan 2023",
    "se omitió el fin de semana del 31 de dic de 2022 – 1 de ene de 2023",
  ],
  [
    "Custom heading: 1 calendar day from Tue 8 Dec 2026 (custom start)",
    "Custom heading: 1 día calendario desde el mar, 8 de dic de 2026 (custom start)",
  ],
  [
    "day 30 is Sat 5 Dec 2026, not a business day: moved to the next one",
    "el día 30 es sáb, 5 de dic de 2026, que no es hábil: pasa al siguiente día hábil",
  ],
  ["due Tue 8 Dec 2026", "vence el mar, 8 de dic de 2026"],
  [
    "on hold from Tue 1 Dec 2026 to Fri 4 Dec 2026: 3 business days held",
    "en espera del mar, 1 de dic de 2026 al vie, 4 de dic de 2026: 3 días hábiles en pausa",
  ],
  [
    "information request pending from Tue 1 Dec 2026 to Fri 4 Dec 2026: 3 business days tolled",
    "solicitud de información pendiente del mar, 1 de dic de 2026 al vie, 4 de dic de 2026: 3 días hábiles suspendidos",
  ],
  ["due date unchanged: Tue 8 Dec 2026", "fecha límite sin cambios: mar, 8 de dic de 2026"],
  [
    "moved by 1 calendar day from Tue 8 Dec 2026",
    "se movió 1 día calendario desde el mar, 8 de dic de 2026",
  ],
  [
    "Sat 12 Dec 2026 is not a business day: moved to the next one",
    "el sáb, 12 de dic de 2026 no es día hábil: pasa al siguiente día hábil",
  ],
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
  [
    "closed Fri 11 Dec 2026: the grievance was resolved",
    "cerrado el vie, 11 de dic de 2026: la queja se resolvió",
  ],
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
