#include "clients/cli/demo_people.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "clients/cli/demo_random.h"

namespace qiwang::cli {
namespace {

// A part of a name and its pinyin (the Latin name of TRF exports).
struct NamePart {
  const char* zh;
  const char* pinyin;
};
constexpr NamePart kSurnames[] = {
    {"王", "Wang"},  {"李", "Li"},    {"张", "Zhang"}, {"刘", "Liu"},
    {"陈", "Chen"},  {"杨", "Yang"},  {"黄", "Huang"}, {"赵", "Zhao"},
    {"吴", "Wu"},    {"周", "Zhou"},  {"徐", "Xu"},    {"孙", "Sun"},
    {"马", "Ma"},    {"朱", "Zhu"},   {"胡", "Hu"},    {"郭", "Guo"},
    {"何", "He"},    {"高", "Gao"},   {"林", "Lin"},   {"罗", "Luo"},
    {"郑", "Zheng"}, {"梁", "Liang"}, {"谢", "Xie"},   {"宋", "Song"},
    {"唐", "Tang"},  {"许", "Xu"},    {"韩", "Han"},   {"冯", "Feng"},
    {"邓", "Deng"},  {"曹", "Cao"},   {"彭", "Peng"},  {"曾", "Zeng"},
    {"肖", "Xiao"},  {"田", "Tian"},  {"董", "Dong"},  {"袁", "Yuan"}};
constexpr NamePart kGivenMale[] = {
    {"伟", "Wei"},      {"强", "Qiang"},     {"磊", "Lei"},
    {"军", "Jun"},      {"勇", "Yong"},      {"杰", "Jie"},
    {"涛", "Tao"},      {"斌", "Bin"},       {"超", "Chao"},
    {"明", "Ming"},     {"刚", "Gang"},      {"平", "Ping"},
    {"辉", "Hui"},      {"鹏", "Peng"},      {"华", "Hua"},
    {"飞", "Fei"},      {"鑫", "Xin"},       {"波", "Bo"},
    {"宇", "Yu"},       {"浩", "Hao"},       {"凯", "Kai"},
    {"健", "Jian"},     {"俊", "Jun"},       {"帆", "Fan"},
    {"天一", "Tianyi"}, {"建国", "Jianguo"}, {"志强", "Zhiqiang"},
    {"海军", "Haijun"}, {"国庆", "Guoqing"}, {"子豪", "Zihao"},
    {"浩然", "Haoran"}, {"宇轩", "Yuxuan"},  {"博文", "Bowen"}};
constexpr NamePart kGivenFemale[] = {
    {"芳", "Fang"},      {"娜", "Na"},       {"敏", "Min"},
    {"静", "Jing"},      {"丽", "Li"},       {"艳", "Yan"},
    {"娟", "Juan"},      {"霞", "Xia"},      {"燕", "Yan"},
    {"玲", "Ling"},      {"婷", "Ting"},     {"雪", "Xue"},
    {"慧", "Hui"},       {"莉", "Li"},       {"琳", "Lin"},
    {"颖", "Ying"},      {"倩", "Qian"},     {"洁", "Jie"},
    {"欣", "Xin"},       {"怡", "Yi"},       {"佳琪", "Jiaqi"},
    {"雨涵", "Yuhan"},   {"梓涵", "Zihan"},  {"诗琪", "Shiqi"},
    {"秀英", "Xiuying"}, {"桂兰", "Guilan"}, {"玉兰", "Yulan"},
    {"欣怡", "Xinyi"},   {"思雨", "Siyu"},   {"可馨", "Kexin"},
    {"若曦", "Ruoxi"},   {"晓雯", "Xiaowen"}};

struct CityName {
  const char* id;
  const char* zh;
  const char* en;
};
constexpr CityName kCities[] = {
    {"zigong", "自贡市分站赛", "Zigong city station"},
    {"panzhihua", "攀枝花市分站赛", "Panzhihua city station"},
    {"luzhou", "泸州市分站赛", "Luzhou city station"},
    {"deyang", "德阳市分站赛", "Deyang city station"},
    {"guangyuan", "广元市分站赛", "Guangyuan city station"},
    {"suining", "遂宁市分站赛", "Suining city station"},
    {"neijiang", "内江市分站赛", "Neijiang city station"},
    {"nanchong", "南充市分站赛", "Nanchong city station"},
    {"meishan", "眉山市分站赛", "Meishan city station"},
    {"yibin", "宜宾市分站赛", "Yibin city station"},
    {"guangan", "广安市分站赛", "Guang'an city station"},
    {"dazhou", "达州市分站赛", "Dazhou city station"},
    {"yaan", "雅安市分站赛", "Ya'an city station"},
    {"bazhong", "巴中市分站赛", "Bazhong city station"},
    {"ziyang", "资阳市分站赛", "Ziyang city station"},
};

template <size_t N>
const NamePart& Pick(const NamePart (&list)[N], DemoRandom& random) {
  return list[random.Next() % N];
}

// Birth years for a section: inside its eligibility, away from the edges,
// and younger than 70 at the event (no companion needed, R2.5).
std::pair<int, int> BirthYears(const v1::Section& section) {
  const auto& eligibility = section.eligibility();
  int low = eligibility.has_born_on_or_after()
                ? eligibility.born_on_or_after().year()
                : 1947;
  int high = eligibility.has_born_on_or_before()
                 ? eligibility.born_on_or_before().year()
                 : 2009;
  if (!eligibility.has_born_on_or_after()) low = std::max(1947, high - 25);
  if (!eligibility.has_born_on_or_before()) high = std::min(2009, low + 4);
  if (section.pairing_system() == v1::PAIRING_SYSTEM_ROUND_ROBIN) {
    low = 1970, high = 1995;
  }
  if (high - low > 30) low = high - 30;
  return {low, high};
}

int StationQuota(const v1::TournamentConfig& config, v1::StationKind kind) {
  for (const v1::StationQuota& quota : config.station_quotas()) {
    if (quota.kind() == kind) return quota.qualifiers();
  }
  return 0;
}

v1::Person Bystander(uint64_t seed, int station, int index) {
  DemoRandom random(DemoSeed(seed, "bystander", station, index));
  v1::Person person;
  const int year = static_cast<int>(random.Between(1960, 1995));
  const int month = static_cast<int>(random.Between(1, 12));
  const int day = static_cast<int>(random.Between(1, 28));
  person.set_name(absl::StrCat(Pick(kSurnames, random).zh,
                               Pick(kGivenMale, random).zh, "(", station + 1,
                               "-", index + 1, ")"));
  person.set_id_number(absl::StrFormat("5109%02d%04d%02d%02d%03d",
                                       station % 100, year, month, day,
                                       900 + index));
  person.mutable_birth_date()->set_year(year);
  person.mutable_birth_date()->set_month(month);
  person.mutable_birth_date()->set_day(day);
  person.set_gender(v1::GENDER_MALE);
  return person;
}

}  // namespace

std::vector<DemoEntrant> MakeEntrants(const v1::TournamentConfig& config,
                                      const std::map<std::string, int>& sizes,
                                      uint64_t seed) {
  std::vector<DemoEntrant> entrants;
  std::set<std::string> names;
  int serial = 0;
  for (const v1::Section& section : config.sections()) {
    auto size = sizes.find(section.id());
    if (size == sizes.end()) continue;
    const auto [low, high] = BirthYears(section);
    const bool female = !section.eligibility().genders().empty() &&
                        section.eligibility().genders(0) == v1::GENDER_FEMALE;
    const bool professional =
        section.pairing_system() == v1::PAIRING_SYSTEM_ROUND_ROBIN;
    for (int i = 0; i < size->second; ++i) {
      DemoRandom random(DemoSeed(seed, section.id(), i));
      DemoEntrant entrant;
      entrant.section_id = section.id();
      entrant.title =
          professional ? v1::TITLE_PROVINCIAL_TEAM_MASTER : v1::TITLE_NONE;
      entrant.strength =
          static_cast<int>(professional ? random.Between(2200, 2600)
                                        : random.Between(1200, 2100));
      std::string name;
      std::string latin_name;
      do {
        // The given name is drawn first, as GCC evaluated the arguments of
        // the StrCat that drew both before, so the seed keeps its people.
        const NamePart& given =
            female ? Pick(kGivenFemale, random) : Pick(kGivenMale, random);
        const NamePart& surname = Pick(kSurnames, random);
        name = absl::StrCat(surname.zh, given.zh);
        latin_name = absl::StrCat(surname.pinyin, ", ", given.pinyin);
      } while (!names.insert(name).second && names.size() < 2000);
      v1::Person& person = entrant.person;
      person.set_name(name);
      person.set_latin_name(latin_name);
      const int year = static_cast<int>(random.Between(low, high));
      const int month = static_cast<int>(random.Between(1, 12));
      const int day = static_cast<int>(random.Between(1, 28));
      ++serial;
      person.set_id_number(absl::StrFormat("510104%04d%02d%02d%03d%d", year,
                                           month, day, serial % 1000,
                                           serial / 1000));
      person.mutable_birth_date()->set_year(year);
      person.mutable_birth_date()->set_month(month);
      person.mutable_birth_date()->set_day(day);
      person.set_gender(female ? v1::GENDER_FEMALE : v1::GENDER_MALE);
      entrants.push_back(std::move(entrant));
    }
  }
  return entrants;
}

std::vector<DemoStation> MakeStations(v1::TournamentConfig& config,
                                      const std::vector<DemoEntrant>& entrants,
                                      uint64_t seed) {
  std::vector<const DemoEntrant*> qualifying;
  for (const DemoEntrant& entrant : entrants) {
    for (const v1::Section& section : config.sections()) {
      if (section.id() == entrant.section_id &&
          section.eligibility().requires_qualification()) {
        qualifying.push_back(&entrant);
      }
    }
  }
  int capacity = 0;
  for (const v1::Station& station : config.stations()) {
    capacity += StationQuota(config, station.kind());
  }
  const int city_quota = StationQuota(config, v1::STATION_KIND_CITY);
  for (size_t city = 0;
       capacity < static_cast<int>(qualifying.size()) && city_quota > 0;
       ++city) {
    v1::Station& station = *config.add_stations();
    if (city < std::size(kCities)) {
      station.set_id(kCities[city].id);
      station.mutable_name()->set_zh(kCities[city].zh);
      station.mutable_name()->set_en(kCities[city].en);
    } else {
      station.set_id(absl::StrCat("city-", city + 1));
      station.mutable_name()->set_zh(absl::StrCat("第", city + 1, "分站赛"));
      station.mutable_name()->set_en(absl::StrCat("City station ", city + 1));
    }
    station.set_kind(v1::STATION_KIND_CITY);
    station.mutable_date()->set_year(2016);
    station.mutable_date()->set_month(8);
    station.mutable_date()->set_day(static_cast<int>(10 + city % 18));
    capacity += city_quota;
  }
  // The qualifiers are dealt to the stations in turn, as far as each
  // station's quota goes, so that every section draws on every station as a
  // season's do (a section filled from one station could not keep its units
  // apart, N13.4).
  std::vector<DemoStation> dealt;
  for (const v1::Station& station : config.stations()) {
    dealt.push_back(DemoStation{station, {}});
  }
  size_t turn = 0;
  for (const DemoEntrant* entrant : qualifying) {
    size_t tried = 0;
    while (
        tried < dealt.size() &&
        static_cast<int>(dealt[turn % dealt.size()].ranking.size()) >=
            StationQuota(config, dealt[turn % dealt.size()].station.kind())) {
      ++turn;
      ++tried;
    }
    if (tried == dealt.size()) break;  // every quota is full
    dealt[turn % dealt.size()].ranking.push_back(entrant->person);
    ++turn;
  }
  std::vector<DemoStation> stations;
  for (size_t s = 0; s < dealt.size(); ++s) {
    DemoStation& station = dealt[s];
    if (station.ranking.empty()) continue;
    station.ranking.push_back(Bystander(seed, static_cast<int>(s), 0));
    station.ranking.push_back(Bystander(seed, static_cast<int>(s), 1));
    stations.push_back(std::move(station));
  }
  return stations;
}

}  // namespace qiwang::cli
