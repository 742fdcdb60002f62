// The officials' pages' fragments (issue 16 §2): each rendered from RPCs made
// with the signed-in official's Authorization header (OfficialCalls), so the
// services' access table decides what is read. A fragment is HTML for the
// page's module to put in place; every value in it was escaped by the
// templates. Errors are the RPCs' statuses, or INVALID_ARGUMENT naming the
// query parameter that is not what it should be.
#ifndef QIWANG_CLIENTS_WEB_OFFICIAL_FRAGMENTS_H_
#define QIWANG_CLIENTS_WEB_OFFICIAL_FRAGMENTS_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "clients/web/official_calls.h"
#include "clients/web/page_view.h"
#include "google/protobuf/descriptor.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

// What every fragment is rendered with.
struct OfficialRequest {
  const OfficialCalls& calls;
  std::string authorization;  // "Bearer TOKEN", as the request carried it
  PageView view;
  v1::TournamentConfig config;
  const absl::flat_hash_map<std::string, std::string>& query;
  const std::string& body;  // a POST's body, "" for a GET

  // The query parameter `name`, or "" when absent.
  std::string Param(const std::string& name) const;
  // The query parameter `name` as a whole number from `min`; `fallback`
  // when absent; INVALID_ARGUMENT naming it otherwise.
  absl::StatusOr<int> Number(const std::string& name, int min,
                             int fallback) const;
  // The section ?section= names (the first of the tournament when absent);
  // NOT_FOUND naming it when the tournament has none of that id.
  absl::StatusOr<const v1::Section*> Section() const;
  // The section `id`'s configured name in the page's language; the id when
  // the tournament has no such section.
  std::string SectionName(const std::string& id) const;
  // A <select name="section"> of every section by name, `current` chosen:
  // HTML the template rendered, for {{{section_select}}}.
  std::string SectionSelect(const v1::Section& current) const;
};

// The arbiter's page: the round ?round= of ?section= (when absent, the round
// being played: the first published one without every result, else the
// last), boards ?from= to ?to= ("my tables"), a section list by name and a
// round selector, one button per result and a foul form. NOT_FOUND naming
// the round when ?round= is not published.
absl::StatusOr<std::string> ArbiterFragment(const OfficialRequest& request);

// The pairing officer's page: the next round of ?section= as proposed (the
// R6.5 cost lines), a button to publish it, and the latest published round's
// boards to amend with a reason.
absl::StatusOr<std::string> PairingFragment(const OfficialRequest& request);

// The arbitration committee's page: pending appeals, each with its ruling's
// history, the what-if diff without the ruling, and the decision form.
absl::StatusOr<std::string> CommitteeFragment(const OfficialRequest& request);

// The check-in desk: players whose name or number holds ?q= with the
// check-in state, the documents to record, excuse and close buttons.
absl::StatusOr<std::string> CheckInFragment(const OfficialRequest& request);

// The chief arbiter's forms: result corrections, tie lots, declined final
// places, late admission.
absl::StatusOr<std::string> ChiefFragment(const OfficialRequest& request);

// The organiser's page: the tournament's dates, rounds' schedule, sections
// (names, places, tie-break chains), station quotas and prizes in one form
// that sends the whole configuration back as AmendTournament.
absl::StatusOr<std::string> OrganiserFragment(const OfficialRequest& request);

// A new tournament from a template (examples::ShippedConfigs, the 2016
// configuration first): its id, names and first day, sent as
// CreateTournament. Needs no tournament: `request.config` is not read.
absl::StatusOr<std::string> CreateFragment(const OfficialRequest& request);
// The registrar's page: a station's final ranking to upload (R3), the
// registration form with the section it derives as the player is typed
// (R2.2), withdrawal, and who is still missing: the qualifiers not yet
// registered by station, the registered players per section.
absl::StatusOr<std::string> RegistrarFragment(const OfficialRequest& request);

// /officials/ID/registrar/section, asked as the registration form is typed:
// the section the entry in the query (the form's fields: person.gender,
// person.birthDate.year/.month/.day, sectionId, title, residency,
// insuranceConfirmed) would enter, derived by the rule the server applies
// (rules::tournament::DeriveSection, CheckEligibility), or its refusal
// naming the clause. Empty while the birth date is incomplete.
absl::StatusOr<std::string> RegistrantSectionFragment(
    const OfficialRequest& request);

// POST /officials/ID/registrar/ranking?station=&kind=&date=&file=: the body
// is the ranking file's text, read by forms::ReadStationRanking (the CLI's
// rules) and recorded by RecordStationResults with the caller's header.
// INVALID_ARGUMENT naming the file's line and field, or the server's refusal.
absl::StatusOr<std::string> StationRankingUpload(
    const OfficialRequest& request);

// Every game result as options {{value}} (the enum's name, as Connect JSON
// takes it) and {{text}} (as the CLI prints it).
DataList ResultOptions(Lang lang);

// An option of a <select>: {{value}}, {{text}}.
Data Option(const std::string& value, const std::string& text);

// The tournament's sections as options {{value}} (id), {{text}} (name).
DataList SectionOptions(const OfficialRequest& request);

// Every value of `values` but the unspecified one as options {{value}}
// (the name, as Connect JSON takes it) and {{text}} (its words), the value
// numbered `chosen` {{selected}}.
DataList EnumOptions(const google::protobuf::EnumDescriptor* values, Lang lang,
                     int chosen = 0);

// A template object with the officials' own words ({{w.sign_in}}) beside the
// pages' ({{t.round}}), and the tournament's id.
Data OfficialData(const OfficialRequest& request);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_OFFICIAL_FRAGMENTS_H_
