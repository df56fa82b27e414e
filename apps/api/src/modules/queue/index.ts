/** What other modules may use of the queue: its roles, events, user and entries, and the hook it runs. */
export { publishQueueEvent } from './events';
export { SLOT_OFFERED } from './hooks';
export { auditView, enqueue, findById, findByIdForUpdate, isActive, toDto, update } from './repo';
export { QUEUE_MANAGER_ROLES, TRANSFER_ROLES } from './roles';
export { queueUser } from './routes';
export { type QueueUser } from './service';
