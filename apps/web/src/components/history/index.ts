export {
  ACTION_LABELS,
  auditDetails,
  auditSentence,
  ENTITY_LABELS,
  formatIndiaDateTime,
  historyLine,
  keepRupeesTogether,
  recordName,
} from './audit-words';
export { HistoryButton, HistoryDrawer, type HistoryTarget } from './history-drawer';
