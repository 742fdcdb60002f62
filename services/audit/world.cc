#include "services/audit/world.h"

#include <utility>

#include "absl/container/flat_hash_map.h"

namespace qiwang::audit {
namespace {

// Appeals are numbered 1, 2, ... in the order filed: once one is skipped,
// the later ones take the numbers that follow in this world.
class AppealNumbers {
 public:
  // Sets the world's number on an appeal or decision; false when the
  // decided appeal is not in this world.
  bool Renumber(const World& world, v1::Event& event) {
    if (event.has_appeal_filed()) {
      const int number = static_cast<int>(world.state.appeals().size()) + 1;
      pending_ = {event.appeal_filed().appeal_number(), number};
      event.mutable_appeal_filed()->set_appeal_number(number);
    } else if (event.has_appeal_decided()) {
      auto it = numbers_.find(event.appeal_decided().appeal_number());
      if (it == numbers_.end()) return false;
      event.mutable_appeal_decided()->set_appeal_number(it->second);
    }
    return true;
  }

  // After `event` applied.
  void Applied(const v1::Event& event) {
    if (event.has_appeal_filed()) numbers_.insert(pending_);
  }

 private:
  absl::flat_hash_map<int, int> numbers_;  // in the stream -> in the world
  std::pair<int, int> pending_;
};

}  // namespace

World FoldWithout(absl::Span<const v1::Event> events,
                  const absl::flat_hash_set<std::string>& left_out) {
  World world;
  AppealNumbers appeals;
  for (const v1::Event& event : events) {
    if (left_out.contains(event.event_id())) continue;
    v1::Event renumbered = event;
    renumbered.set_stream_version(world.state.version() + 1);
    if (appeals.Renumber(world, renumbered) &&
        world.state.Apply(renumbered).ok()) {
      appeals.Applied(renumbered);
    } else {
      world.skipped_event_ids.push_back(event.event_id());
    }
  }
  return world;
}

absl::Status ApplyNext(World& world, v1::Event event) {
  event.set_stream_version(world.state.version() + 1);
  event.set_position(world.state.position() + 1);
  return world.state.Apply(event);
}

}  // namespace qiwang::audit
