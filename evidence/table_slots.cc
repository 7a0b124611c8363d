// evidence/table_slots.cc — growing the slots of an open-addressing table
// (table_slots.h).
#include "evidence/table_slots.h"

#include <utility>

namespace groundgate::evidence {

void GrowTableSlots(std::vector<TableSlot>* slots, std::size_t* mask) {
  std::vector<TableSlot> old = std::move(*slots);
  slots->assign(old.empty() ? kInitialTableSlots : old.size() * 2, TableSlot{});
  *mask = slots->size() - 1;
  for (const TableSlot& slot : old) {
    if (slot.entry == 0) continue;
    std::size_t i = slot.hash & *mask;
    while ((*slots)[i].entry != 0) i = (i + 1) & *mask;
    (*slots)[i] = slot;
  }
}

}  // namespace groundgate::evidence
