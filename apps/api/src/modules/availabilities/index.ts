/** What other modules may use of availabilities: agenda rules, agendas in bulk, agenda rows, the hooks. */
export { createAgendas, existingBlocks, type NewAgenda } from './bulk-create';
export { AGENDA_AUTO_CANCELLED, AGENDA_CANCELLED_WITH_NOTICES } from './hooks';
export { findWithNames, list } from './repo';
export { assertPractice, blocksOverlap, canStartAfter, orgClock, OVERLAP_MESSAGE } from './rules';
