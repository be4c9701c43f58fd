import type Database from 'better-sqlite3';

// A community's ratings for the vote-integrity detectors to look at: `members` organic
// members who rate as people do (a few rate a lot, most a little; popular builders get
// many 5-stars from many unrelated accounts; friends rate each other now and then;
// households and mobile carriers share networks), plus planted patterns the detectors
// must find: sock puppets rating one member, two bursts and two rings. Raw prepared
// statements in one transaction on a migrated database: 10 000 members in about a second.

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** What was planted, by the ids the rows got. */
export type PlantedPatterns = {
  focus: { ownerId: number; raterIds: number[] };
  bursts: { buildId: number; stars: 1 | 5; raterIds: number[]; by: 'created-together' | 'one-network' }[];
  rings: number[][];
};

export type Population = { now: number; members: number; builds: number; ratings: number; planted: PlantedPatterns };

/** A deterministic pseudo-random source, so every run sees the same community. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export function fillRatingPopulation(sqlite: Database.Database, { members = 10_000, seed = 7 } = {}): Population {
  const next = random(seed);
  const now = Date.UTC(2026, 5, 1);
  const between = (from: number, to: number) => from + Math.floor(next() * Math.max(1, to - from));
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  // Roughly normal, for stars around a build's quality and for how many ratings a member gives.
  const gaussian = () => next() + next() + next() + next() - 2;

  const insertUser = sqlite.prepare('insert into users (username, username_key, email, created_at) values (?, ?, ?, ?)');
  const insertBuild = sqlite.prepare(
    "insert into builds (user_id, title, image_id, review_status, created_at) values (?, ?, ?, 'approved', ?)",
  );
  const insertRating = sqlite.prepare(
    'insert or ignore into ratings (build_id, user_id, rating, network, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );

  let ratingCount = 0;
  const population = sqlite.transaction((): Population => {
    const imageId = Number(
      sqlite.prepare("insert into images (hash, width, height) values ('population', 1600, 1200)").run().lastInsertRowid,
    );
    let userCount = 0;
    const addMember = (createdAt: number) => {
      userCount += 1;
      const name = `pop_${userCount}`;
      return { id: Number(insertUser.run(name, name, `${name}@population.example`, createdAt).lastInsertRowid), createdAt };
    };
    type Build = { id: number; ownerId: number; createdAt: number; quality: number; weight: number };
    const builds: Build[] = [];
    const buildsOf = new Map<number, Build[]>();
    const addBuild = (ownerId: number, createdAt: number, quality: number, weight: number) => {
      const id = Number(insertBuild.run(ownerId, `Rig ${builds.length + 1}`, imageId, createdAt).lastInsertRowid);
      const build = { id, ownerId, createdAt, quality, weight };
      builds.push(build);
      buildsOf.set(ownerId, [...(buildsOf.get(ownerId) ?? []), build]);
      return build;
    };
    const rate = (build: Build, raterId: number, stars: number, network: string | null, at: number) => {
      if (build.ownerId === raterId) return;
      ratingCount += insertRating.run(build.id, raterId, stars, network, at, at).changes;
    };
    const starsFor = (quality: number) => Math.min(5, Math.max(1, Math.round(quality + gaussian() * 0.9)));

    // Organic members over two years; most post nothing, some post a few builds; 20 are popular.
    const organic = Array.from({ length: members }, () => addMember(now - Math.floor(next() * 730 * DAY)));
    const network = new Map<number, string>();
    for (const [index, member] of organic.entries()) {
      // One in seven shares a household network with the member before them.
      network.set(member.id, index > 0 && next() < 1 / 7 ? network.get(organic[index - 1]!.id)! : `home-${member.id}`);
      const roll = next();
      const count = roll < 0.4 ? 0 : roll < 0.75 ? 1 : roll < 0.92 ? 2 : 3 + Math.floor(next() * 3);
      const popular = index % (members / 20) === 0;
      for (let n = 0; n < (popular ? Math.max(count, 3) : count); n++) {
        addBuild(member.id, between(member.createdAt, now), popular ? 4.7 : 2.5 + next() * 2.3, popular ? 60 : 0.5 + next());
      }
    }
    const carriers = Array.from({ length: 500 }, (_, index) => `carrier-${index}`);
    const networkOf = (memberId: number, at: number) => {
      // Ratings from before networks were recorded have none; on the move, a carrier's.
      if (at < now - 300 * DAY) return null;
      return next() < 0.2 ? pick(carriers) : (network.get(memberId) ?? `home-${memberId}`);
    };
    const cumulative: number[] = [];
    let totalWeight = 0;
    for (const build of builds) cumulative.push((totalWeight += build.weight));
    const weightedBuild = () => {
      const target = next() * totalWeight;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (cumulative[middle]! < target) low = middle + 1;
        else high = middle;
      }
      return builds[low]!;
    };
    for (const member of organic) {
      // Heavy-tailed: median about 8 ratings, a few members several hundred.
      const count = Math.min(400, Math.floor(Math.exp(2.1 + gaussian() * 1.3)));
      for (let n = 0; n < count; n++) {
        const build = weightedBuild();
        const at = between(Math.max(member.createdAt, build.createdAt), now);
        rate(build, member.id, starsFor(build.quality), networkOf(member.id, at), at);
      }
    }
    // Friends: 300 pairs and 100 trios rate each other's builds well, a few times.
    const withBuilds = organic.filter((member) => buildsOf.has(member.id));
    for (let group = 0; group < 400; group++) {
      const friends = Array.from({ length: group < 300 ? 2 : 3 }, () => pick(withBuilds));
      for (const rater of friends) {
        for (const friend of friends) {
          if (friend === rater) continue;
          for (const build of buildsOf.get(friend.id) ?? []) {
            const at = between(Math.max(rater.createdAt, build.createdAt), now);
            rate(build, rater.id, 4 + Math.floor(next() * 2), networkOf(rater.id, at), at);
          }
        }
      }
    }

    // Planted: four sock puppets, joined days apart, each giving 5 of their first 6 ratings to one member's 5 builds.
    const favoured = addMember(now - 400 * DAY);
    const favouredBuilds = Array.from({ length: 5 }, () => addBuild(favoured.id, between(favoured.createdAt, now - 60 * DAY), 3, 1));
    const puppets = Array.from({ length: 4 }, (_, index) => addMember(now - (50 - index * 9) * DAY));
    for (const puppet of puppets) {
      for (const build of favouredBuilds)
        rate(build, puppet.id, 5, `home-p${puppet.id}`, between(puppet.createdAt, puppet.createdAt + 10 * DAY));
      const other = weightedBuild();
      rate(other, puppet.id, starsFor(other.quality), `home-p${puppet.id}`, between(Math.max(puppet.createdAt, other.createdAt), now));
    }
    // Planted: six accounts made within half an hour give a rival's build 1 star within three hours, each from its own network.
    const rival = addBuild(pick(withBuilds).id, now - 90 * DAY, 4, 1);
    const madeTogether = now - 30 * DAY;
    const trolls = Array.from({ length: 6 }, (_, index) => addMember(madeTogether + index * 5 * 60_000));
    for (const troll of trolls) rate(rival, troll.id, 1, `mobile-${troll.id}`, between(madeTogether + 2 * HOUR, madeTogether + 5 * HOUR));
    // Planted: five accounts of different ages give one build 5 stars within six hours, all from one network.
    const boosted = addBuild(pick(withBuilds).id, now - 40 * DAY, 3, 1);
    const boosters = Array.from({ length: 5 }, (_, index) => addMember(now - (300 - index * 50) * DAY));
    const boostAt = now - 20 * DAY;
    for (const booster of boosters) rate(boosted, booster.id, 5, 'one-office', between(boostAt, boostAt + 6 * HOUR));
    // Planted: a ring of six with two builds each, and a ring of four with one, rating each other's builds 5 stars
    // over months, each also rating a couple of builds outside to look ordinary.
    const plantRing = (size: number, buildsEach: number) => {
      const ring = Array.from({ length: size }, () => addMember(between(now - 600 * DAY, now - 200 * DAY)));
      for (const member of ring) for (let n = 0; n < buildsEach; n++) addBuild(member.id, between(member.createdAt, now - 150 * DAY), 3, 1);
      for (const rater of ring) {
        for (const member of ring) {
          for (const build of member === rater ? [] : (buildsOf.get(member.id) ?? [])) {
            rate(build, rater.id, 5, `home-r${rater.id}`, between(now - 140 * DAY, now));
          }
        }
        for (let n = 0; n < 2; n++) {
          const other = weightedBuild();
          rate(other, rater.id, starsFor(other.quality), `home-r${rater.id}`, between(now - 140 * DAY, now));
        }
      }
      return ring.map((member) => member.id);
    };
    const rings = [plantRing(6, 2), plantRing(4, 1)];

    return {
      now,
      members: userCount,
      builds: builds.length,
      ratings: ratingCount,
      planted: {
        focus: { ownerId: favoured.id, raterIds: puppets.map((puppet) => puppet.id) },
        bursts: [
          { buildId: rival.id, stars: 1, raterIds: trolls.map((troll) => troll.id), by: 'created-together' },
          { buildId: boosted.id, stars: 5, raterIds: boosters.map((booster) => booster.id), by: 'one-network' },
        ],
        rings,
      },
    };
  })();
  // The stored totals, as the app keeps them (every rating counts: nobody is discounted yet).
  sqlite.exec(`update builds set
    total_rating = coalesce((select sum(rating) from ratings where build_id = builds.id), 0),
    rating_count = (select count(*) from ratings where build_id = builds.id),
    average_rating = coalesce((select avg(rating) from ratings where build_id = builds.id), 0)`);
  return population;
}
