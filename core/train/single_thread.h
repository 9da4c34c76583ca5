// Eigen's products use OpenMP threads when the calling thread may: a training run (and the bench's
// timing of one step) keeps them to itself, since the lab runs its runs in parallel instead, and
// restores the thread's setting afterwards. Bitwise determinism on one thread rests on it.
#pragma once

#include <omp.h>

namespace poslab::core::train {

class SingleThreadEigen {
public:
    SingleThreadEigen() : m_saved(omp_get_max_threads()) { omp_set_num_threads(1); }
    ~SingleThreadEigen() { omp_set_num_threads(m_saved); }
    SingleThreadEigen(const SingleThreadEigen&) = delete;
    SingleThreadEigen& operator=(const SingleThreadEigen&) = delete;

private:
    int m_saved;
};

}  // namespace poslab::core::train
