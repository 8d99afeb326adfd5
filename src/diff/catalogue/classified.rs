//! The classifications already made, kept so that a difference met again is not classified
//! again.
//!
//! A classification ([`super::Catalogue::classify_memo`]) is a function of what it is given:
//! the implementation, its blind spots, the case, the difference, the reference's answer and
//! the implementation's; the models it composes read nothing else. So is the naming of a
//! property failure by the bugs behind its chain of calls ([`super::Catalogue::bugs_behind`]):
//! a function of the implementation, its blind spots and the chain. The fuzz loop meets the
//! same difference on the same case over and over (the corpus's mutations and the generator's
//! short cases come back: in one crate's campaign, three classifications in four are of a
//! difference already classified), and the search over a crate's bug entries that an answer no
//! known model reproduces goes through costs up to hundreds of model evaluations. So each
//! answer is kept, keyed by all of what it is a function of and compared in full (the hash only
//! finds the slot): a kept answer is the answer the search would give. The entries a
//! classification recorded as matched were recorded when it was made, in the same catalogue,
//! and that record is never cleared.
//!
//! Bounded: two generations of at most [`GENERATION`] answers each; when the newer is full it
//! becomes the older and the older is dropped, and an answer found in the older moves to the
//! newer, so that the differences met most stay. What is kept changes how fast a run goes,
//! never what it finds.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

use super::super::Known;
use super::super::compare::Difference;
use super::super::properties::Trace;
use crate::model::{BlindSpot, Outcome};
use crate::protocol::Request;

/// Answers in one generation: each holds a case and two answers, about a kilobyte.
pub(crate) const GENERATION: usize = 1 << 13;

/// Answers kept, by the hash of their key.
#[derive(Debug)]
pub(crate) struct Kept<K, V> {
    generations: Mutex<[HashMap<u64, (K, V)>; 2]>,
}

impl<K, V> Default for Kept<K, V> {
    fn default() -> Self {
        Kept {
            generations: Mutex::new([HashMap::new(), HashMap::new()]),
        }
    }
}

/// What can be looked up in a [`Kept`] without owning a key.
pub(crate) trait Asked<K> {
    /// A hash of the key (of part of it: equality decides).
    fn hash(&self) -> u64;
    /// Whether `key` is the key asked for.
    fn is(&self, key: &K) -> bool;
    /// The key, owned.
    fn key(&self) -> K;
}

impl<K, V: Clone> Kept<K, V> {
    /// The answer kept for `asked`, or `make`'s, then kept.
    pub(crate) fn get_or(&self, asked: &impl Asked<K>, make: impl FnOnce() -> V) -> V {
        let hash = asked.hash();
        {
            let mut kept = self.lock();
            let [newer, older] = &mut *kept;
            if let Some((key, value)) = newer.get(&hash)
                && asked.is(key)
            {
                return value.clone();
            }
            if older.get(&hash).is_some_and(|(key, _)| asked.is(key))
                && let Some((key, value)) = older.remove(&hash)
            {
                let answer = value.clone();
                Self::keep(&mut kept, hash, key, value);
                return answer;
            }
        }
        // Made outside the lock: another job may make the same answer meanwhile.
        let value = make();
        Self::keep(&mut self.lock(), hash, asked.key(), value.clone());
        value
    }

    fn keep(kept: &mut [HashMap<u64, (K, V)>; 2], hash: u64, key: K, value: V) {
        if kept[0].len() >= GENERATION {
            kept[1] = std::mem::take(&mut kept[0]);
        }
        kept[0].insert(hash, (key, value));
    }

    /// Forgets every answer kept.
    pub(crate) fn clear(&self) {
        *self.lock() = [HashMap::new(), HashMap::new()];
    }

    /// Answers kept now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lock().iter().map(HashMap::len).sum()
    }

    fn lock(&self) -> MutexGuard<'_, [HashMap<u64, (K, V)>; 2]> {
        self.generations.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What a classification is a function of.
#[derive(Debug)]
pub(crate) struct Classification {
    implementation: String,
    blind_spots: Vec<BlindSpot>,
    case: Request,
    difference: Difference,
    expected: Outcome,
    actual: Outcome,
}

/// The arguments of one classification, borrowed.
#[derive(Clone, Copy)]
pub(crate) struct AskedClassification<'a> {
    pub implementation: &'a str,
    pub blind_spots: &'a [BlindSpot],
    pub case: &'a Request,
    pub difference: &'a Difference,
    pub expected: &'a Outcome,
    pub actual: &'a Outcome,
}

impl Asked<Classification> for AskedClassification<'_> {
    fn hash(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.implementation.hash(&mut h);
        hash_request(self.case, &mut h);
        self.difference.hash(&mut h);
        self.expected.hash(&mut h);
        self.actual.hash(&mut h);
        h.finish()
    }

    fn is(&self, key: &Classification) -> bool {
        key.implementation == self.implementation
            && key.blind_spots == self.blind_spots
            && key.case == *self.case
            && key.difference == *self.difference
            && key.expected == *self.expected
            && key.actual == *self.actual
    }

    fn key(&self) -> Classification {
        Classification {
            implementation: self.implementation.to_owned(),
            blind_spots: self.blind_spots.to_vec(),
            case: self.case.clone(),
            difference: self.difference.clone(),
            expected: self.expected.clone(),
            actual: self.actual.clone(),
        }
    }
}

/// What the naming of a property failure by its chain is a function of.
#[derive(Debug)]
pub(crate) struct Chain {
    implementation: String,
    blind_spots: Vec<BlindSpot>,
    trace: Trace,
}

/// The arguments of one naming of a chain, borrowed.
#[derive(Clone, Copy)]
pub(crate) struct AskedChain<'a> {
    pub implementation: &'a str,
    pub blind_spots: &'a [BlindSpot],
    pub trace: &'a Trace,
}

impl Asked<Chain> for AskedChain<'_> {
    fn hash(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.implementation.hash(&mut h);
        // The texts of the chain's calls: enough to tell chains apart, equality decides.
        match self.trace {
            Trace::Serialized { input, first, .. } => (0u8, input, first).hash(&mut h),
            Trace::Conversion { input, .. } => (1u8, input).hash(&mut h),
            Trace::Resolved {
                base,
                input,
                target,
                again,
            } => (2u8, base, input, target, again).hash(&mut h),
            Trace::Setter { input, donor, call } => {
                (3u8, input, donor, call.setter, &call.argument, &call.after).hash(&mut h);
            }
            Trace::Normalized { input, once, .. } => (4u8, input, once).hash(&mut h),
        }
        h.finish()
    }

    fn is(&self, key: &Chain) -> bool {
        key.implementation == self.implementation
            && key.blind_spots == self.blind_spots
            && key.trace == *self.trace
    }

    fn key(&self) -> Chain {
        Chain {
            implementation: self.implementation.to_owned(),
            blind_spots: self.blind_spots.to_vec(),
            trace: self.trace.clone(),
        }
    }
}

fn hash_request(case: &Request, h: &mut DefaultHasher) {
    match case {
        Request::Parse {
            input,
            rule,
            zone_id,
        } => (0u8, input, rule, zone_id).hash(h),
        Request::Resolve {
            base,
            input,
            strict,
        } => (1u8, base, input, strict).hash(h),
        Request::Normalize { input, level } => (2u8, input, level).hash(h),
    }
}

/// The memos of a catalogue.
#[derive(Debug, Default)]
pub(crate) struct Memos {
    /// Classifications of differences.
    pub classifications: Kept<Classification, Option<Arc<Known>>>,
    /// Bugs behind property failures' chains.
    pub chains: Kept<Chain, Option<Vec<usize>>>,
}

impl super::Catalogue {
    /// Forgets the classifications and namings of chains kept so far: a benchmark that runs the
    /// same cases again times what a run costs, not what the run before left to it.
    pub fn forget_classifications(&self) {
        self.memos.classifications.clear();
        self.memos.chains.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Number(u64, u64);

    impl Asked<u64> for Number {
        fn hash(&self) -> u64 {
            self.0
        }
        fn is(&self, key: &u64) -> bool {
            *key == self.1
        }
        fn key(&self) -> u64 {
            self.1
        }
    }

    #[test]
    fn a_kept_answer_is_given_again_and_a_colliding_key_is_not_given_it() {
        let kept: Kept<u64, u64> = Kept::default();
        assert_eq!(kept.get_or(&Number(7, 1), || 10), 10);
        assert_eq!(kept.get_or(&Number(7, 1), || panic!("kept")), 10);
        // The same hash, another key: made, not taken from the slot.
        assert_eq!(kept.get_or(&Number(7, 2), || 20), 20);
        assert_eq!(kept.get_or(&Number(7, 2), || panic!("kept")), 20);
    }

    #[test]
    fn the_memo_is_bounded_and_keeps_what_is_met_again() {
        let kept: Kept<u64, u64> = Kept::default();
        let n = GENERATION as u64;
        for i in 0..3 * n {
            kept.get_or(&Number(i, i), || i);
            // One key met all along stays.
            assert_eq!(kept.get_or(&Number(u64::MAX, 0), || i.min(1)), 0);
        }
        assert!(kept.len() <= 2 * GENERATION);
        // Keys of a dropped generation are made again.
        assert_eq!(kept.get_or(&Number(0, 0), || 99), 99);
    }
}
