/** What the queues-board context offers the rest of the api: nothing else of it may be imported from outside. */
export { QueuesBoardModule } from './queues-board.module.js';
export { QUEUES_BOARD_PATH, QueuesBoard } from './http/queues-board.js';
