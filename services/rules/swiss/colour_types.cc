#include "services/rules/swiss/colour_types.h"

#include <algorithm>

namespace qiwang::rules::swiss {

ColourProfile ProfileOf(const ColourHistory& history) {
  ColourProfile profile{};
  for (const Colour colour : {Colour::kRed, Colour::kBlack}) {
    const int c = static_cast<int>(colour);
    profile.allowed[c] = ColourAllowed(history, colour);
    profile.repeats[c] = RepeatsLastColour(history, colour);
    profile.widens[c] = WidensImbalance(history, colour);
  }
  return profile;
}

std::optional<ColourPart> BestColouring(const ColourProfile& a,
                                        const ColourProfile& b) {
  std::optional<ColourPart> best;
  for (int a_colour = 0; a_colour < 2; ++a_colour) {
    const int b_colour = 1 - a_colour;
    if (!a.allowed[a_colour] || !b.allowed[b_colour]) continue;
    const ColourPart part{
        .repeats = a.repeats[a_colour] + b.repeats[b_colour],
        .imbalances = a.widens[a_colour] + b.widens[b_colour]};
    if (!best.has_value() || part < *best) best = part;
  }
  return best;
}

ColourTypes::ColourTypes(const Section& section) {
  type_of_.reserve(section.size());
  for (int v = 0; v < section.size(); ++v) {
    const ColourProfile profile = ProfileOf(section.at(v).colours);
    auto it = std::find(profiles_.begin(), profiles_.end(), profile);
    type_of_.push_back(static_cast<int>(it - profiles_.begin()));
    if (it == profiles_.end()) profiles_.push_back(profile);
  }
}

}  // namespace qiwang::rules::swiss
