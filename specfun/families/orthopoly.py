"""Orthogonal polynomials: Chebyshev T U V W (plain and shifted), Hermite H and He,
Laguerre L, Legendre P, and the Gegenbauer and generalized Laguerre polynomials
that their derivatives are written with.

Every polynomial is evaluated from its three-term recurrence (DLMF 18.9.1,
18.9.2) run in *compensated* arithmetic: beside the floating-point sequence
p_k the kernel carries the exact rounding error of every product (Dekker's
TwoProduct) and sum (Knuth's TwoSum) through the same recurrence (the
compensated-Horner/Clenshaw scheme of Graillat, Langlois and Louvet), so the
result is as if the recurrence ran in about twice the working precision.  The
plain recurrence loses up to n^2 ulps near x = +-1 (scipy and torch both do);
the compensated one stays within an ulp of the envelope for n up to 1e4 and
beyond (measured <= 0.5 ulp against the mpmath tables).  Legendre and Laguerre
of degree <= 128 run the monic form of their recurrence (integer or tabulated
double-double coefficients, no division); above that the (k+1)-normalized form
with the division's exact remainder.  Every 64 steps the error terms are folded
back into the sequence so the compensation stays second order for n ~ 1e6.
Chebyshev polynomials inside (-1, 1) of degree 24..2**15 use an O(1) angle form
(theta = j pi/256 + phi, phi from an exactly cancelling sin(theta - theta_j), the phase
reduced on a table of cos(k pi/512) in exact integer arithmetic, all double-double: see
_cheb_angle), for 1 < |y| <= 4 and degree 30..200 powers of e^acosh|y| (_cheb_hyp); other
degrees up to 44 (|y| <= 4) the compensated two-step recurrence p_{k+2} = 2 T_2(y) p_k - p_{k-2}
(_cheb_rec2, half the steps), degrees above 44 a doubling scheme for U_m in double-double arithmetic (O(log n) steps),
so n = 1e6 costs about a microsecond.  Legendre of degree >= 36 with n sin(theta) >= 22 uses Stieltjes'
asymptotic series with theta, the phase (n + 1/2) theta - pi/4, its cosine and the
amplitude in double-double (<= 0.51 ulp of the envelope measured, about 0.1 us);
for n > 1e4 Bessel-type forms cover the rest near and beyond +-1 (J0/J1 inside,
I0/I1 and the growing half of Stieltjes' series outside: <= 3.3 ulp), so every
Legendre value costs O(1) from n > 1e4 (the recurrence below, <= 40 us).
Laguerre of degree 2..128 with |x| <= 1 uses Horner's scheme on an exact coefficient table (partly
in a head/tail form with exact products, the rest compensated), Hermite of degree 2..128 only at
|x| <= 2**-40 (where its value is p_n(0) to within the product's error below; H and He in x^2 with
even/odd chains, degree 2..5 by closed forms in y = 2m x^2 and 6..36 by one compensated Horner chain
in y: _hermite_small, _hermite_ysmall).  Exact product errors come from the two_prod_err primitive
(one fma where the target has it, Dekker's product otherwise).
Hermite of degree <= 128 at 2**-40 < |x| <= 20 is the product over its zeros (He_{2h+o}(x) = x^o q_h(x^2),
q_h monic of degree h = floor(n/2), q_h(u) = prod (u - s_i) with the stored squared zeros s_i:
_hermite_prod), compensated, in two chains: six operations per factor, each factor exact up to the
split of u (no cancellation, also next to a zero).
Laguerre of degree <= 128 at 1 < |x| <= 200 runs the monic recurrence from both ends at once (forward
R_k and the backward row of the transfer-matrix product: two independent compensated chains, combined
in double-double, _laguerre_mid).  In these loops x (resp. m x^2) is split once into a head on the grid
2**-41 and a tail, so head - (integer coefficient) is exact: no TwoSum per step, the tail enters the
error sequence as a constant; one chain's steps are then bound by the latency of a multiply and a
subtraction, two chains' by the floating-point throughput.
The float32 loops (f32_kernel=) use plain doubles where they round the same: Chebyshev inside (-1, 1)
the two-step recurrence (n <= 64, n min(n, 1/sqrt(1 - y^2)) <= 2**8) or the angle form with a plain
phase (n <= 4096), outside (1 < |y| <= 4, n <= 200) the recurrence (n < 16) or plain powers of
e^acosh|y|; Hermite (|x| <= 8, n <= 128) the half-step recurrence (He_{2j+o}(x) = x^o q_j(x^2), q_j from
the Laguerre L^(o-1/2) recurrence) uncompensated, from both ends;
everything else the float64 kernel (measured: no float32 result differs from the float64 kernel's
rounding on 1e6 random points per region, degrees to 5000, edges, outside).
Hermite of degree n >= 271 (H) / 304 (He) is O(1): there |p_n(x)| exceeds DBL_MAX at every x that is
not within about 1/n of a zero (in phase), so only the sign is needed, and it comes from the uniform
Airy-type expansion of the parabolic cylinder function (DLMF 12.10.35, _hermite_asy) with a measured
error bound, the overflow from its log-envelope: +-inf in about 0.1-0.2 us per element at any degree
(inside, at the turning point sqrt(2n+1) resp. sqrt(4n+2), beyond it).  The phase in doubles carries
~5 ulp of 2n+1 of rounding (a band of ~4e-5 of the x at n = 2**31); where that leaves the sign open and
n > 65536, a second pass computes it in double-double (_herm_xi_dd, 1e-28 (2n+1)), and only x within
the expansion's own error band of a zero (a fraction ~0.1/n of the oscillatory region) runs the
recurrence.  The thresholds 271/304 are where the log-envelope times the band's relative
width first clears log(DBL_MAX) for every x (computed on a t grid, n = 130..1500).
Laguerre of degree >= 2000 at x >= 0 is O(1) too (_laguerre_asy, 0.03-0.4 us per element at any degree
up to 2**50): Tricomi's convergent Bessel series for x < 625/nu (nu = 4n + 2), an amplitude-phase
expansion with the phase in double-double up to x = 1500 (where values stop being finite), beyond
that only the sign (the same phase, then one counted from the turning point with Airy corrections),
measured <= 1.57 ulp of the envelope against Arb on n = 2000..1e6 and 0 sign errors on 954 points; x
within its phase-error band of a zero (about 5e-6 of points near the turning point at n = 2001, none
measured elsewhere) runs the recurrence.
Otherwise Laguerre of degree 129..1999 and Hermite of degree 129..270 (H) / 303 (He) run the O(n)
recurrence (under about 10 us), except where a rigorous lower bound shows that the value overflows
(Hermite and Laguerre beyond their largest zero, Laguerre for x < 0, Legendre for |x| > 1): +-inf at
once.  Degrees above 2**32 give nan rather than run for minutes (Hermite: only where the expansion
leaves the sign open).  Values beyond the float64 range come out as +-inf: the
recurrences rescale by 2**-400 when they grow.

Sources: DLMF ch. 18 (recurrences, special values, derivatives 18.9.19-20,
18.9.23); Dekker 1971 and Knuth TAOCP 4.2.2 (error-free transformations);
Szego, Orthogonal Polynomials, Thm 8.21.5 (Stieltjes' series) and 8.21.17 with
Frenzen & Wong 1985 / Bogaert, Michiels & Fostier 2012 (SIAM J. Sci. Comput. 34(3),
boundary expansion); tables from tools/gen_legendre_asy.py; DLMF 12.10(vii) (Olver's uniform Airy-type
expansion of U(-mu^2/2, mu t sqrt2), for Hermite of large degree).
"""
import math

import numpy as np

from specfun._registry import NONDIFF, Arg, NotImplementedGrad, defun, helper
from specfun.families._laguerre_asy import LAG_LARGE_N0, _laguerre_large
from specfun.families._tools import fma, p1evl, polevl, two_prod_err, two_sum_err
from specfun.families.airy import _AFD, _AFN, _AGD, _AGN, airy_ai
from specfun.families.bessel import _hankel_phase, bessel_j0, bessel_j1
from specfun.families.modified_bessel import modified_bessel_i0, modified_bessel_i1

_SPLIT = 134217729.0        # 2**27 + 1: Dekker's splitting constant for float64
_UP = 2.0 ** 400            # rescaling step of the growing recurrences
_DOWN = 2.0 ** -400
_HUGE = 1e150               # above this |x| only n <= 2 can be finite
_CHEB_DOUBLING = 44         # Chebyshev degrees above this use the O(log n) doubling (measured crossover)
_INF = math.inf
_MAX_DEGREE = 4.611686018427388e18   # 2**62: larger degrees give nan (the kernels count in int64)
_MAX_LINEAR = 4294967296.0           # 2**32: above this the O(n) recurrences are not run (nan)


_MONIC_MAX = 128             # degrees up to this use the monic recurrences (tables below)

# beta_k = k^2/(4k^2 - 1), k = 0..128, as double-doubles (computed with mpmath at 300 bits)
_LEG_BETA_HI = (
    0.0, 0.3333333333333333, 0.26666666666666666, 0.2571428571428571, 0.25396825396825395,
    0.25252525252525254, 0.2517482517482518, 0.2512820512820513, 0.25098039215686274, 0.25077399380804954,
    0.2506265664160401, 0.2505175983436853, 0.25043478260869567, 0.25037037037037035, 0.2503192848020434,
    0.25027808676307006, 0.25024437927663734, 0.2502164502164502, 0.2501930501930502, 0.25017325017325015,
    0.2501563477173233, 0.25014180374361883, 0.2501291989664083, 0.25011820330969264, 0.25010855405992183,
    0.2501000400160064, 0.25009248982611915, 0.25008576329331045, 0.2500797448165869, 0.25007433838834375,
    0.2500694637399278, 0.25006505334374185, 0.25006105006105006, 0.2500574052812859, 0.2500540774388925,
    0.25005103082261687, 0.2500482346131584, 0.25004566210045664, 0.25004329004329007, 0.25004109814236397,
    0.25003906860446945, 0.25003718578015766, 0.25003543586109145, 0.2500338066260987, 0.2500322872271729,
    0.2500308680083961, 0.250029540352121, 0.25002829654782116, 0.2500271296798698, 0.2500260335311882,
    0.25002500250025, 0.25002403152936653, 0.2500231160425335, 0.25002225189141075, 0.2500214353082397,
    0.25002066286469954, 0.25001993143586065, 0.25001923816852634, 0.25001858045336306, 0.25001795590030884,
    0.2500173623168276, 0.25001679768863805, 0.25001626016260164, 0.25001574803149607, 0.2500152597204419,
    0.2500147937747796, 0.2500143488492223, 0.25001392369813424, 0.2500135171668018, 0.2500131281835845,
    0.25001275575284454, 0.25001239894856914, 0.2500120569086086, 0.2500117288294628, 0.2500114139615578,
    0.2500111116049602, 0.2500108211054841, 0.25001054185114907, 0.2500102732689542, 0.25001001482193647,
    0.2500097660064846, 0.25000952634988377, 0.25000929540806843, 0.25000907276356377, 0.2500088580235978,
    0.25000865081836743, 0.2500084507994456, 0.25000825763831547, 0.25000807102502015, 0.25000789066691914,
    0.25000771628753976, 0.250007547625517, 0.2500073844336139, 0.2500072264778147, 0.2500070735364853,
    0.25000692539959557, 0.25000678186799774, 0.25000664275275675, 0.25000650787452816, 0.2500063770629799,
    0.2500062501562539, 0.25000612700046565, 0.25000600744923707, 0.25000589136326146, 0.2500057786098976,
    0.25000566906279054, 0.25000556260151746, 0.2500054591112567, 0.25000535848247774, 0.2500052606106517,
    0.2500051653959793, 0.2500050727431366, 0.25000498256103637, 0.250004894762604, 0.25000480926456725,
    0.25000472598725876, 0.25000464485443025, 0.2500045657930783, 0.25000448873327946, 0.2500044136080363,
    0.2500043403531311, 0.25000426890698907, 0.2500041992105484, 0.2500041312071387, 0.2500040648423654,
    0.25000400006400103, 0.25000393682188243, 0.2500038750678137, 0.2500038147554742,
)
# low parts of beta_k
_LEG_BETA_LO = (
    0.0, 1.850371707708594e-17, 3.7007434154171884e-18, 2.5376526277146434e-17, 1.409807015397024e-17,
    -1.6260842279863404e-17, -2.4067771862503392e-17, 4.554761126667309e-18, 3.483052626275001e-18,
    -8.936779764784542e-18, 1.3912569230891685e-17, -1.0228762856277322e-17, -1.9694391045524514e-17,
    1.6118793542705978e-17, 1.5809689303410594e-17, 1.556041169107561e-17, 2.170523997312134e-19,
    -9.32395094273941e-18, -2.181866870788435e-17, 2.3120029029789295e-17, 1.4094763852339385e-17,
    2.4559669858412423e-18, -1.5032477129291524e-17, 2.75849739688189e-17, 1.2871452348020704e-17,
    1.621574245650989e-17, -1.9571634155896674e-17, 1.5158448157832325e-17, 1.9937976486888777e-17,
    -1.246236074326484e-17, -1.9835326613892072e-17, 1.8431493357034866e-17, 2.1689338698415757e-19,
    -1.5538023731550698e-17, -2.5095891428364453e-17, -1.0390635982662468e-17, 9.189382164078567e-18,
    -2.3867260273676883e-17, -2.4069250681051012e-17, -5.986407234539723e-18, -1.5788450576791569e-18,
    1.1873424880343412e-17, -2.395123236682478e-17, 1.7347703920951568e-17, 1.906291503602151e-17,
    1.9445010006553705e-17, 3.6863130086218714e-18, 5.2840835524038295e-18, -8.668534630686924e-18,
    -1.5046915198892443e-17, 2.0724385193147863e-17, -1.6381739332881046e-18, -3.690477830353618e-18,
    1.823690780548043e-17, 6.8728545295323936e-18, 2.312849932695022e-17, -1.4533893059351887e-17,
    1.9761030057391205e-17, 2.4795393452237795e-18, 6.379217264239929e-20, -2.7464507352696767e-17,
    -4.908464356671054e-18, -1.8518159002609522e-17, -2.6365611356452536e-18, 3.469658723115914e-18,
    -1.401000414233473e-17, -8.580125711173582e-18, -1.9428130010427413e-17, 2.530492111547633e-17,
    9.40101153814034e-18, -7.007224253591095e-18, 2.463216138799106e-17, 1.7444449550174875e-17,
    -7.786926679871494e-19, -1.6032668706977904e-17, 1.9316271967177098e-17, 2.0625361302390045e-17,
    -8.915959310135403e-18, -1.6113859556096376e-17, 2.223737180277123e-21, 1.551770765306774e-17,
    7.985161601112612e-18, -1.8450053201569575e-17, 1.4899672455321463e-17, -1.6000539108751106e-17,
    -1.0756858261360042e-17, 1.3557383214881445e-17, -2.5768908981142775e-17, 2.6561122595592323e-17,
    2.6587814283190907e-17, -2.1843626872659836e-17, -1.1355962948495096e-17, 2.009584018580109e-17,
    9.573046054218361e-18, -2.352505512100783e-17, -1.3150817621809938e-17, -1.9205957811449483e-17,
    -4.5783609252510774e-18, 1.805720020267598e-17, -2.693783998733385e-17, 2.220501561789358e-17,
    2.078794183794377e-18, -1.258421724656221e-17, 2.140125919979682e-18, 1.4316931914993755e-17,
    2.9959078421368653e-18, 1.6231049069487107e-17, -2.4090591103177598e-17, 2.7004202943835122e-17,
    -1.835420152971728e-17, -2.279445070290746e-17, -2.412808413702035e-17, 1.9593472611969627e-18,
    7.021087360820863e-19, 1.0870929333324447e-17, -1.959612162975687e-17, 1.5285858692352197e-17,
    -2.395024083074121e-17, 6.668913060209105e-18, -2.6888749824903713e-17, 3.731647729429857e-18,
    -1.437661374459108e-17, 2.2336863003208406e-17, 1.2535989303914227e-17, -1.2411326936588888e-17,
    -6.684537739266971e-18, -2.410031714164336e-18, 1.11082533115638e-18, 1.3552733954377435e-20,
)
def _split26(hi, lo):
    """(s, t): s = hi rounded to 26 bits (Dekker's split), t = (hi - s) + lo; s + t = hi + lo to 2**-80."""
    c = _SPLIT * hi
    s = c - (c - hi)
    return s, (hi - s) + lo


# beta_k as a 26-bit head (exact products with split operands) and a double tail, from the tables above
_LEG_BETA_S = tuple(_split26(h, l)[0] for h, l in zip(_LEG_BETA_HI, _LEG_BETA_LO, strict=True))
_LEG_BETA_T = tuple(_split26(h, l)[1] for h, l in zip(_LEG_BETA_HI, _LEG_BETA_LO, strict=True))

# leading coefficient of P_n, (2n)!/(2^n n!^2), n = 0..128, double-double (mpmath, 300 bits)
_LEG_LEAD_HI = (
    1.0, 1.0, 1.5, 2.5, 4.375, 7.875, 14.4375, 26.8125, 50.2734375, 94.9609375, 180.42578125, 344.44921875,
    660.1943359375, 1269.6044921875, 2448.52294921875, 4733.81103515625, 9171.758880615234,
    17804.002532958984, 34618.893814086914, 67415.74058532715, 131460.69414138794, 256661.35522842407,
    501656.2852191925, 981501.427602768, 1922106.962388754, 3767329.6462819576, 7389761.998476148,
    14505829.108119845, 28493592.890949696, 56004648.096004575, 110142474.588809, 216731966.12636608,
    426691058.31128323, 840452084.5525277, 1656184990.1476278, 3265050409.148181, 6439404973.597801,
    12704771974.936201, 25075207845.268818, 49507461643.22305, 97777236745.36554, 193169662838.4051,
    381740047990.18146, 754602420445.7075, 1492054785881.2854, 2950952798742.987, 5837754449687.213,
    11551301357891.719, 22861950604160.69, 45257330787828.31, 89609514959900.06, 177461980606860.9,
    351511230817436.0, 696390174260958.1, 1379884234183750.2, 2734679664109614.5, 5420525762788700.0,
    1.074595458237058e+16, 2.1306634085734772e+16, 4.22521387801859e+16, 8.38000752473687e+16,
    1.6622637876937072e+17, 3.29771686913429e+17, 6.543089026060099e+17, 1.298394228608801e+18,
    2.576813161392851e+18, 5.114583699128235e+18, 1.0152830328120228e+19, 2.0156354327885746e+19,
    4.002058757855575e+19, 7.946945247741785e+19, 1.578196168917735e+20, 3.134472946600501e+20,
    6.226007907631133e+20, 1.2367880573267248e+21, 2.4570856072224267e+21, 4.881841140665612e+21,
    9.700281747036864e+21, 1.9276200907573255e+22, 3.830839927201267e+22, 7.613794355312518e+22,
    1.513359124944834e+23, 3.008262650804975e+23, 5.980281173286998e+23, 1.1889368523082484e+24,
    2.3638862122364e+24, 4.7002853754933066e+24, 9.346544482302782e+24, 1.8586878231852123e+25,
    3.696491513525647e+25, 7.351910899123232e+25, 1.4623031568585768e+26, 2.9087117141860822e+26,
    5.7861469583271525e+26, 1.1510739161778485e+27, 2.2900312648169826e+27, 4.556208037292122e+27,
    9.065444857704943e+27, 1.803838517604555e+28, 3.5894564441221954e+28, 7.143018323803169e+28,
    1.4215313693905316e+29, 2.829126156728215e+29, 5.63078506921635e+29, 1.120742797430562e+30,
    2.230811853933214e+30, 4.4405783130180014e+30, 8.839655894138638e+30, 1.7597463122590807e+31,
    3.5033481629378027e+31, 6.974847706212535e+31, 1.3886858946603335e+32, 2.7649728081183425e+32,
    5.5054768303241335e+32, 1.0962660004241914e+33, 2.1829992530186074e+33, 4.347179546959468e+33,
    8.657203713175693e+33, 1.724104129318888e+34, 3.4337199886434997e+34, 6.838825644048304e+34,
    1.362113206789786e+35, 2.713061551228836e+35, 5.404065691472072e+35, 1.0764550208012918e+36,
    2.1442984014361733e+36, 4.271578561591107e+36, 8.509522646319292e+36, 1.6952564646964214e+37,
)
# low parts
_LEG_LEAD_LO = (
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.4901161193847656e-08, 1.6298145055770874e-08,
    -5.820766091346741e-08, 1.026783138513565e-07, -1.7904676496982574e-07, -2.2066524252295494e-07,
    8.533825166523457e-07, 1.7345009837299585e-06, 1.1748343240469694e-06, -7.597915100632235e-06,
    -1.5010515198810026e-05, 8.539409463992342e-07, 1.446282294637058e-05, -4.908416258331272e-05,
    -0.00023271124655366293, -0.0003011414062257245, -0.00022187288891473145, 0.0015140015740229273,
    -0.0020252162718321642, -0.007759928218227685, -0.013529465687078357, -0.0009574031878667455,
    -0.013689194994830345, 0.08167140991765098, -0.2063239330722917, -0.23932065305400674, 0.2273116878052147,
    -0.8596406190069019, -1.9081008885391104, 1.815599904397431, -8.464137894555916, 0.24050062854229615,
    49.23908854869503, -118.2911836611833, 84.25288165703623, -391.3162500443675, -914.3441978492668,
    -1544.183333965456, 1386.186713720761, 5210.170760102654, -268.02708204965904, 23588.55732315137,
    -40228.098467713025, 114924.18277359709, 182877.74977687956, -347198.9971538314, -104320.50083813255,
    464860.5432062751, 2888257.6364985467, 8256994.452540861, 9576888.62788986, -8379440.215292106,
    -14636571.994255392, -5930362.702864888, -133376427.67981371, 53174969.520370394, -97901958.26409104,
    952260099.5430007, 1749046468.888889, -1818467243.6098762, -690709876.2789842, -13698600798.94624,
    10434969523.98866, -13600809634.107662, 72765629144.43845, 15924264105.288979, 371739503150.52344,
    -371045388117.0605, -271883364570.39316, 382541871836.7576, 1458016439770.8147, 5833769608123.014,
    -5810487445293.342, -9535237198487.787, -23000733709999.348, -210420786498778.62, -171597941247085.8,
    -101832032506880.55, 1677213137535454.0, -4275998668824071.0, -3157842837812741.0, 6097408324980996.0,
    -3482249387685932.5, 4.363277993008358e+16, -2089319559970668.8, 5.547324318351601e+16,
    -3.329589918422982e+17, -3.699806605485988e+17, -6.205912478549222e+17, -3.080685309348675e+18,
    -1.902656254409771e+17, 5.669141114477252e+18, 2.3290073975151956e+19, -3.215510160529121e+19,
    -1.3370786802006735e+20, 2.4195571865779886e+20, -8.504954364833841e+19, -1.9710475384748848e+20,
)
# 1/n!, n = 0..128, double-double (mpmath, 300 bits)
_INV_FACT_HI = (
    1.0, 1.0, 0.5, 0.16666666666666666, 0.041666666666666664, 0.008333333333333333, 0.001388888888888889,
    0.0001984126984126984, 2.48015873015873e-05, 2.7557319223985893e-06, 2.755731922398589e-07,
    2.505210838544172e-08, 2.08767569878681e-09, 1.6059043836821613e-10, 1.1470745597729725e-11,
    7.647163731819816e-13, 4.779477332387385e-14, 2.8114572543455206e-15, 1.5619206968586225e-16,
    8.22063524662433e-18, 4.110317623312165e-19, 1.9572941063391263e-20, 8.896791392450574e-22,
    3.868170170630684e-23, 1.6117375710961184e-24, 6.446950284384474e-26, 2.4795962632247976e-27,
    9.183689863795546e-29, 3.279889237069838e-30, 1.1309962886447716e-31, 3.7699876288159054e-33,
    1.216125041553518e-34, 3.8003907548547434e-36, 1.151633562077195e-37, 3.387157535521162e-39,
    9.67759295863189e-41, 2.6882202662866363e-42, 7.265460179153071e-44, 1.911963205040282e-45,
    4.902469756513544e-47, 1.2256174391283858e-48, 2.9893108271424046e-50, 7.117406731291439e-52,
    1.6552108677421951e-53, 3.7618428812322616e-55, 8.359650847182804e-57, 1.817315401561479e-58,
    3.866628513960594e-60, 8.055476070751236e-62, 1.643974708316579e-63, 3.287949416633158e-65,
    6.446959640457172e-67, 1.2397999308571486e-68, 2.3392451525606576e-70, 4.331935467704922e-72,
    7.876246304918039e-74, 1.4064725544496498e-75, 2.4674957095607893e-77, 4.254302947518602e-79,
    7.2106829618959365e-81, 1.2017804936493226e-82, 1.9701319568021682e-84, 3.1776321883905942e-86,
    5.043860616493007e-88, 7.881032213270323e-90, 1.2124664943492804e-91, 1.8370704459837581e-93,
    2.74189618803546e-95, 4.0322002765227353e-97, 5.843768516699616e-99, 8.34824073814231e-101,
    1.1758085546679308e-102, 1.633067437038793e-104, 2.2370786808750587e-106, 3.023079298479809e-108,
    4.030772397973079e-110, 5.30364789206984e-112, 6.887854405285506e-114, 8.830582570878855e-116,
    1.117795262136564e-117, 1.397244077670705e-119, 1.7249926884823517e-121, 2.103649620100429e-123,
    2.53451761457883e-125, 3.0172828744986073e-127, 3.5497445582336554e-129, 4.127609951434483e-131,
    4.7443792545223946e-133, 5.3913400619572666e-135, 6.057685462873333e-137, 6.730761625414815e-139,
    7.396441346609687e-141, 8.039610159358355e-143, 8.64474210683694e-145, 9.196534156209511e-147,
    9.680562269694223e-149, 1.0083919030931482e-150, 1.039579281539328e-152, 1.0607951852442122e-154,
    1.071510288125467e-156, 1.071510288125467e-158, 1.0609012753717494e-160, 1.0400992895801465e-162,
    1.0098051355147053e-164, 9.709664764564474e-167, 9.24729977577569e-169, 8.723867712995935e-171,
    8.153147395323303e-173, 7.54921055122528e-175, 6.92588123965622e-177, 6.296255672414745e-179,
    5.672302407580852e-181, 5.064555721054332e-183, 4.4819077177471965e-185, 3.9314979980238567e-187,
    3.4186939113250927e-189, 2.9471499235561144e-191, 2.5189315585949697e-193, 2.1346877615211607e-195,
    1.7938552617824882e-197, 1.49487938481874e-199, 1.2354375081146612e-201, 1.0126536951759517e-203,
    8.232956871349201e-206, 6.639481347862259e-208, 5.311585078289807e-210, 4.215543712928419e-212,
    3.319325758211353e-214, 2.5932232486026196e-216,
)
# low parts
_INV_FACT_LO = (
    0.0, 0.0, 0.0, 9.25185853854297e-18, 2.3129646346357427e-18, 1.1564823173178714e-19,
    -5.300543954373577e-20, 1.7209558293420705e-22, 2.1511947866775882e-23, -1.858393274046472e-22,
    2.3767714622250297e-23, -1.448814070935912e-24, -1.20734505911326e-25, 1.2585294588752098e-26,
    2.0655512752830745e-28, 7.03872877733453e-30, 4.399205485834081e-31, 1.6508842730861433e-31,
    1.1910679660273754e-32, 2.2141894119604265e-34, 1.4412973378659527e-36, -1.3643503830087908e-36,
    -7.911402614872376e-38, -8.843177655482344e-40, -3.6846573564509766e-41, -1.9330404233703465e-42,
    -1.2953730964765229e-43, 1.4303150396787322e-45, 1.5117542744029879e-46, 1.0498015412959506e-47,
    2.5870347832750324e-49, 5.586290567888806e-51, 1.7457158024652518e-52, -6.09957445788454e-54,
    5.09056148151085e-56, 3.202295548645562e-57, 5.355061165943334e-59, -4.364097149354446e-61,
    -2.7860822176883126e-62, -1.213019100517928e-63, 6.033927348315605e-68, -1.0407247703033156e-66,
    3.1742075384205573e-68, 4.147105190494824e-70, 2.2597135911236184e-71, -5.0402798850883064e-73,
    1.365069339879366e-74, -1.564355005786389e-76, 8.255818478070949e-78, -4.080880981844294e-80,
    5.332251403646481e-82, 2.8542499223476843e-83, -2.430377210051421e-85, 8.161871936085597e-87,
    -1.0950890458548228e-88, 2.578848742504751e-90, 1.1618077704898094e-91, -4.7567198485936506e-95,
    3.3126660495569664e-96, -4.675660659561278e-97, 6.837470842477656e-99, 8.210968879386911e-101,
    -1.5561627595804251e-102, -3.178797157619149e-104, -4.96687055877992e-106, 1.1469829506112378e-109,
    4.044657877372749e-110, -1.4319581694258744e-111, -8.828314531974743e-114, 1.7807770368828202e-115,
    -5.432421436016583e-117, 6.032587549235756e-119, -5.390621878859027e-121, 1.899197222092165e-123,
    1.5443670455718343e-125, -1.4486341622309593e-126, 2.4674186054893493e-128, 6.576875119144919e-130,
    -3.1278276439570046e-132, -3.9259010254392087e-135, 5.012546479139058e-136, 7.515316859691102e-138,
    -2.304524013296125e-140, 6.708418132842237e-142, -5.681341866875877e-144, 1.8942732010254426e-145,
    6.894409176237522e-148, -5.559248804139035e-150, -6.3173281865216305e-152, -2.855132635774625e-153,
    -3.1723695953051385e-155, -1.1810013897308576e-157, -4.9200848119520367e-160, 2.357788372473345e-162,
    4.872922470168535e-164, -5.70201124347672e-165, -5.939595045288249e-167, -6.560363537606689e-169,
    7.83873635048126e-171, -6.457816448071177e-173, -7.973719913381048e-176, 6.247297902211993e-177,
    5.602496430604708e-180, 7.469526644432046e-181, 2.3054523954172508e-184, -4.375239395619593e-185,
    -7.249774240322259e-187, -4.627565944277032e-189, 1.5340646492591304e-191, 3.096499543510265e-193,
    4.0603458060368334e-195, 2.115310587499116e-197, -5.002124412854082e-200, 1.5227450079522429e-201,
    4.40442320140221e-204, 1.2497059263043286e-205, 1.0773326950899384e-207, 5.673440130345589e-212,
    1.9813934583539388e-212, -1.4809759091651174e-213, 1.582544585616566e-216, -6.933121912314598e-218,
    4.533939108263885e-220, 3.4162315678819516e-222, 3.8705304303116678e-224, 2.2319079906840116e-226,
    -2.5839243208350152e-228, 1.2113471588245279e-230, 9.463649678316624e-233,
)

# the kernels index these at run time: numpy arrays (a runtime-indexed tuple is copied to the stack)
_LEG_BETA_S = np.array(_LEG_BETA_S)
_LEG_BETA_T = np.array(_LEG_BETA_T)
_LEG_LEAD_HI = np.array(_LEG_LEAD_HI)
_LEG_LEAD_LO = np.array(_LEG_LEAD_LO)
_INV_FACT_HI = np.array(_INV_FACT_HI)
_INV_FACT_LO = np.array(_INV_FACT_LO)


# --------------------------------------------------------------------------
# argument checks shared by every kernel

@helper
def _degree_status(x, n):
    """0: compute; 1: result is nan; 2: result is 0 (n < 0, as torch)."""
    if x != x or n != n:
        return 1
    if math.floor(n) != n or n > _MAX_DEGREE:  # a degree must be an integer (int64-safe: < 2**62)
        return 1
    if n < 0.0:
        return 2
    return 0


@helper
def _scale_back(r, s):
    """r * 2**(400 s) with overflow to +-inf (s counts the rescalings)."""
    while s > 0 and r != 0.0 and abs(r) < _INF:
        r = r * _UP
        s -= 1
    return r


@helper
def _odd_zero(x, n):
    """p_n(+-0) for odd n of a symmetric family (T, U, P, H, He, C with a > 0): a signed zero.

    Near 0, p_n(x) ~ c x with sign(c) = (-1)^((n-1)/2) (DLMF 18.6.1 / the explicit sums 18.5).
    """
    if math.floor(0.25 * (n - 1.0)) * 4.0 == n - 1.0:
        return x * 0.0 if x == x else x  # n = 1 mod 4: the sign of x
    return -x * 0.0  # n = 3 mod 4: the opposite sign


@helper
def _inf_power(sgn, n):
    """sgn**n * inf for an integer n >= 1 (the sign of a leading term at +-inf)."""
    if sgn < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -_INF
    return _INF


# --------------------------------------------------------------------------
# double-double building blocks (error-free transformations, Dekker/Knuth)

@helper
def _two_prod(a, b):
    """(p, e) with p = fl(a*b) and p + e = a*b exactly (one fma where the target has it, else Dekker)."""
    p = a * b
    return p, two_prod_err(a, b, p)


@helper
def _two_sum(a, b):
    """(s, e) with s = fl(a+b) and s + e = a+b exactly (Knuth)."""
    s = a + b
    return s, two_sum_err(a, b, s)


@helper
def _dd_mul(ah, al, bh, bl):
    """Double-double product (relative error ~2**-104)."""
    p, e = _two_prod(ah, bh)
    e += ah * bl + al * bh
    h = p + e
    return h, e - (h - p)


@helper
def _dd_add(ah, al, bh, bl):
    """Double-double sum (accurate to ~2**-104 of the larger operand)."""
    s, e = _two_sum(ah, bh)
    e += al + bl
    h = s + e
    return h, e - (h - s)


# --------------------------------------------------------------------------
# Chebyshev: every kind obeys p_{k+1} = 2y p_k - p_{k-1}, p_0 = 1, and differs only in p_1

@helper
def _cheb_rec(yh, yl, p1h, p1l, n, pre):
    """p_n for y = yh + yl (double-double) by the compensated recurrence, p_0 = pre.

    ``pre`` is 1 or 2**-400 (a pre-scaling for values that would overflow midway);
    p1 = (p1h + p1l) * pre is passed already scaled.
    """
    ty = 2.0 * yh
    tyl = 2.0 * yl
    a = pre
    b = p1h
    ea = 0.0
    eb = p1l
    k = 1
    m = int(n)
    while k < m:
        # q + pe = 2y*b exactly
        q = ty * b
        pe = two_prod_err(ty, b, q)
        # r + se = q - a exactly
        r = q - a
        bb = r - q
        se = (q - (r - bb)) + (-a - bb)
        # the error sequence obeys the same recurrence, driven by the local errors
        # (eb enters last: the error chain is one multiply-add deep per step)
        e = ty * eb + (((pe + se) + tyl * b) - ea)
        a = b
        b = r
        ea = eb
        eb = e
        k += 1
    return b + eb


@helper
def _cheb_rec2(yh, yl, kind, n, pre):
    """p_n (kind 0..3: T U V W), |y| <= 4, n >= 2, by the two-step compensated recurrence.

    Every Chebyshev sequence obeys p_{k+2} = c p_k - p_{k-2} with c = 2 T_2(y) = 4y^2 - 2
    (p_k = A cos k theta + B sin k theta, DLMF 18.5.1-4), so p_n comes from (p_{-2}, p_0) (n even)
    or (p_{-1}, p_1) (n odd) in n/2 steps of the same cost as one step of _cheb_rec: half the
    steps.  c is a double-double (y^2 by Dekker); the error terms run the same recurrence
    (Graillat-Langlois-Louvet), so the result is as if computed in about twice the precision
    (the error growth of at most (n/2)^2 stays far below 2**-53 for n <= 44).  Values at
    y = +-1/2 (c = -1) and y = 0 (c = -2) stay exact.  ``pre`` scales the start as in _cheb_rec.
    """
    q, qe = _two_prod(yh, yh)
    ch, cs = _two_sum(4.0 * q, -2.0)
    cl = (cs + 4.0 * qe) + 8.0 * yh * yl
    t = ch + cl                  # renormalized (4 y^2 - 2 cancels near y^2 = 1/2)
    cl = cl - (t - ch)
    ch = t
    m = int(n)
    odd = (m & 1) == 1
    # start values: n even (p_{-2}, p_0 = 1), n odd (p_{-1}, p_1); T_{-k} = T_k, U_{-1} = 0, U_{-2} = -1,
    # V_{-1} = 1, V_{-2} = V_1, W_{-1} = -1, W_{-2} = -W_1
    ea = 0.0
    eb = 0.0
    if kind == 0:
        if odd:
            a = yh
            ea = yl
            b = yh
            eb = yl
        else:
            a = 0.5 * ch
            ea = 0.5 * cl
            b = 1.0
    elif kind == 1:
        if odd:
            a = 0.0
            b = 2.0 * yh
            eb = 2.0 * yl
        else:
            a = -1.0
            b = 1.0
    else:
        sg = -1.0 if kind == 2 else 1.0
        vh, vl = _two_sum(2.0 * yh, sg)      # 2y - 1 (V) or 2y + 1 (W)
        vl += 2.0 * yl
        if odd:
            a = -sg
            b = vh
            eb = vl
        else:
            a = -sg * vh
            ea = -sg * vl
            b = 1.0
    a *= pre
    ea *= pre
    b *= pre
    eb *= pre
    k = m >> 1
    while k > 0:
        # q + pe = c_h b exactly
        q = ch * b
        pe = two_prod_err(ch, b, q)
        # r + se = q - a exactly
        r = q - a
        bb = r - q
        se = (q - (r - bb)) + (-a - bb)
        e = ch * eb + (((pe + se) + cl * b) - ea)
        a = b
        b = r
        ea = eb
        eb = e
        k -= 1
    return b + eb


@helper
def _cheb_doubling(yh, yl, p1h, p1l, n):
    """p_n = U_{n-1} p_1 - U_{n-2} from (U_m, U_{m-1}) doubled in double-double, O(log n).

    With A = U_m, B = U_{m-1} (DLMF 18.9.1 and the product formulas of U):
        U_{2m}   = (A - B)(A + B)
        U_{2m-1} = 2B(A - yB)      (bit 0: m -> 2m)
        U_{2m+1} = 2A(yA - B)      (bit 1: m -> 2m + 1)
    Values are kept below 2**400 by rescaling; s counts the factors 2**400 taken out
    (a doubling squares the scale, so s doubles with it).
    """
    big = int(n) - 1
    bit = 1
    while bit * 2 <= big:
        bit *= 2
    ah = 1.0
    al = 0.0  # U_m, m = 0
    bh = 0.0
    bl = 0.0  # U_{m-1}
    s = 0
    while bit > 0:
        dh, dl = _dd_add(ah, al, -bh, -bl)
        sh, sl = _dd_add(ah, al, bh, bl)
        ch, cl = _dd_mul(dh, dl, sh, sl)  # U_{2m}
        if big & bit:
            # U_{2m+1} = 2A(yA - B); the pair becomes (U_{2m+1}, U_{2m})
            yah, yal = _dd_mul(yh, yl, ah, al)
            wh, wl = _dd_add(yah, yal, -bh, -bl)
            nh, nl = _dd_mul(2.0 * ah, 2.0 * al, wh, wl)
            ah = nh
            al = nl
            bh = ch
            bl = cl
        else:
            # U_{2m-1} = 2B(A - yB); the pair becomes (U_{2m}, U_{2m-1})
            ybh, ybl = _dd_mul(yh, yl, bh, bl)
            wh, wl = _dd_add(ah, al, -ybh, -ybl)
            nh, nl = _dd_mul(2.0 * bh, 2.0 * bl, wh, wl)
            ah = ch
            al = cl
            bh = nh
            bl = nl
        s = 2 * s
        if abs(ah) > _UP or abs(bh) > _UP:
            ah *= _DOWN
            al *= _DOWN
            bh *= _DOWN
            bl *= _DOWN
            s += 1
        bit = bit // 2
    rh, rl = _dd_mul(ah, al, p1h, p1l)
    rh, rl = _dd_add(rh, rl, -bh, -bl)
    return _scale_back(rh + rl, s)


@helper
def _cheb_hyp_log(yh, n):
    """An upper estimate of log|p_n(y)| for |y| > 1: n acosh|y| + log(2n + 2)."""
    return n * math.acosh(abs(yh)) + math.log(2.0 * n + 2.0)


@helper
def _chebyshev(yh, yl, kind, n):
    """Chebyshev polynomial of the given kind (0 T, 1 U, 2 V, 3 W) at y = yh + yl, n >= 0 integral."""
    if n == 0.0:
        return 1.0
    if abs(yh) == _INF:
        # leading coefficient 2^(n-1) or 2^n > 0: the sign is that of y^n
        return _inf_power(yh, n)
    # p_1 as a double-double: T_1 = y, U_1 = 2y, V_1 = 2y - 1, W_1 = 2y + 1
    if kind == 0:
        p1h = yh
        p1l = yl
    elif kind == 1:
        p1h = 2.0 * yh
        p1l = 2.0 * yl
    else:
        p1h, p1l = _two_sum(2.0 * yh, -1.0 if kind == 2 else 1.0)
        p1l += 2.0 * yl
    if n == 1.0:
        return p1h + p1l if p1l != 0.0 else p1h
    if yh == 0.0 and yl == 0.0 and kind < 2 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(yh, n)  # odd T_n, U_n at +-0: an exact signed zero
    ay = abs(yh)
    pre = 1.0
    s = 0
    if ay > 1.0:
        # outside [-1, 1] |p_n| grows like e^(n acosh|y|): overflow is decided up front
        # (not needed for |y| <= 4, n <= 200: |p_n| <= (2n + 2)(2|y|)^n <= 402 2**600 < e^600)
        if ay <= 4.0 and _CHEB_HYP_N <= n <= 200.0:
            return _cheb_hyp(yh, yl, kind, n)     # O(log n) powers of e^acosh|y| (see _cheb_hyp)
        if ay > 4.0 or n > 200.0:
            lg = _cheb_hyp_log(yh, n)
            if lg > 800.0:
                return _inf_power(yh, n)
            if lg > 600.0 and n <= _CHEB_DOUBLING:
                # run the recurrence on p_k * 2**-400 (exact) and scale back at the end
                pre = _DOWN
                s = 1
    elif _CHEB_ANGLE_N <= n <= _CHEB_ANGLE_MAX and ay != 0.5:
        # inside (-1, 1) (y = +-1/2 excepted: exact rational zeros of U, V, W stay exact)
        d = (1.0 - ay) * (1.0 + ay)
        if d * ((n + 1.0) * (n + 1.0)) >= 0.0625:
            return _cheb_angle(yh, yl, kind, n)   # O(1) angle form (see _cheb_angle for the bounds)
    if n > _CHEB_DOUBLING:
        return _cheb_doubling(yh, yl, p1h, p1l, n)
    if ay <= 4.0:
        return _scale_back(_cheb_rec2(yh, yl, kind, n, pre), s)   # half the steps (see _cheb_rec2)
    return _scale_back(_cheb_rec(yh, yl, p1h * pre, p1l * pre, n, pre), s)


@helper
def _chebyshev_plain(x, kind, n):
    if -1.0 < x < 1.0 and _CHEB_ANGLE_N <= n <= _CHEB_ANGLE_MAX and math.floor(n) == n and abs(x) != 0.5 and x != 0.0:
        # the common case first: the O(1) angle form where its bounds hold (as in _chebyshev; x = 0 and
        # x = +-1/2 go on to the exact special cases there)
        d = (1.0 - x) * (1.0 + x)
        if d * ((n + 1.0) * (n + 1.0)) >= 0.0625:
            return _cheb_angle(x, 0.0, kind, n)
    elif 1.0 < abs(x) <= 4.0 and _CHEB_HYP_N <= n <= 200.0 and math.floor(n) == n:
        return _cheb_hyp(x, 0.0, kind, n)     # as in _chebyshev
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    return _chebyshev(x, 0.0, kind, n)


@helper
def _chebyshev_shifted(x, kind, n):
    if -1.5 <= x <= 2.5 and _CHEB_ANGLE_N <= n <= _CHEB_ANGLE_MAX and math.floor(n) == n:
        # the common cases first, as in _chebyshev: y = 2x - 1 exactly as a double-double
        yh, yl = _two_sum(2.0 * x, -1.0)
        ay = abs(yh)
        if ay < 1.0:
            if ay != 0.5 and ay != 0.0:   # exact zeros (y = +-1/2 for U, V, W; odd T, U at 0) stay exact
                d = (1.0 - ay) * (1.0 + ay)
                if d * ((n + 1.0) * (n + 1.0)) >= 0.0625:
                    return _cheb_angle(yh, yl, kind, n)
        elif ay > 1.0 and _CHEB_HYP_N <= n <= 200.0:
            return _cheb_hyp(yh, yl, kind, n)
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    # y = 2x - 1 kept exactly as a double-double (it is exact as a double only for x in [1/4, 1])
    if abs(x) == _INF:
        return _chebyshev(x, 0.0, kind, n)
    yh, yl = _two_sum(2.0 * x, -1.0)
    return _chebyshev(yh, yl, kind, n)


_CHEB_HYP_N = 30.0           # outside [-1, 1]: degrees from this up use the power form (crossover with _cheb_rec2)


@helper
def _dd_sq(h, l):
    """(h + l)^2 as a normalized double-double (Dekker's square, ~2**-104)."""
    p = h * h
    e = two_prod_err(h, h, p) + 2.0 * h * l
    r = p + e
    return r, e - (r - p)


@helper
def _dd_div(ah, al, bh, bl):
    """(ah + al)/(bh + bl) in double-double: q1 = ah/bh, then the exact residual once (~2**-100)."""
    q1 = ah / bh
    p, pe = _two_prod(q1, bh)
    q2 = (((ah - p) - pe) + al - q1 * bl) / bh
    r = q1 + q2
    return r, q2 - (r - q1)


@helper
def _cheb_hyp(yh, yl, kind, n):
    """Chebyshev T/U/V/W (kind 0..3) at 1 < |y| <= 4, y = yh + yl, 2 <= n <= 200, in O(log n).

    With a = |y| = cosh(eta), E = e^eta = a + sqrt(a^2 - 1), P = E^n and Q = 1/P (DLMF 18.5.1-4):
    T_n = (P + Q)/2, U_n = (P E^2 - Q)/(E^2 - 1), V_n = (P E + Q)/(E + 1), W_n = (P E - Q)/(E - 1)
    (V, W from U_n -+ U_{n-1}); E - 1 = (a - 1) + sqrt(a^2 - 1) and E^2 - 1 = (E - 1)(E + 1) have no
    cancellation, the numerators lose at most a factor 1/((2n+1) eta) to it, and everything is
    double-double (P by binary powering, right to left, the multiplies selected), so
    the relative error is about n 2**-100 + 2**-104/eta before the one rounding.  y < 0:
    T_n, U_n get (-1)^n, V_n and W_n swap (V_n(-a) = (-1)^n W_n(a)).  Values stay below 8^203 (no
    rescaling).
    """
    neg = yh < 0.0
    ah = abs(yh)
    al = -yl if neg else yl
    if neg and kind >= 2:
        kind = 5 - kind
    # E = a + sqrt((a - 1)(a + 1)), all as double-doubles (a - 1, a + 1 exact sums)
    mh, ml = _two_sum(ah, -1.0)
    ml += al
    t = mh + ml                    # renormalized: a - 1 can be as small as the low part of y
    ml = ml - (t - mh)
    mh = t
    ph, pl = _two_sum(ah, 1.0)
    pl += al
    dh, de = _two_prod(mh, ph)
    de += mh * pl + ml * ph
    t = dh + de                    # renormalized before the square root (its correction is first order)
    de = de - (t - dh)
    dh = t
    sh = math.sqrt(dh)
    q, qe = _two_prod(sh, sh)
    sl = (((dh - q) - qe) + de) / (2.0 * sh)
    eh, el = _dd_add(ah, al, sh, sl)
    # P = E^n right to left: S = E^(2^k) squared each pass, R *= S where bit k of n is set (a select:
    # the two chains overlap, so the latency is about one product per bit)
    nn = int(n)
    rh = 1.0
    rl = 0.0
    xh = eh
    xl = el
    while nn > 0:
        th, tl = _dd_mul(rh, rl, xh, xl)
        if nn & 1:
            rh = th
            rl = tl
        nn >>= 1
        xh, xl = _dd_sq(xh, xl)
    qh, ql = _dd_div(1.0, 0.0, rh, rl)
    if kind == 0:
        th, tl = _dd_add(rh, rl, qh, ql)
        res = 0.5 * (th + tl)
    else:
        if kind == 1:
            fh, fl = _dd_sq(eh, el)                    # E^2
            gh, gl = _dd_add(eh, el, 1.0, 0.0)
            wh, wl = _dd_add(mh, ml, sh, sl)           # E - 1
            dh, dl = _dd_mul(wh, wl, gh, gl)           # E^2 - 1 = (E - 1)(E + 1)
            sg = -1.0
        elif kind == 2:
            fh = eh
            fl = el
            dh, dl = _dd_add(eh, el, 1.0, 0.0)         # E + 1
            sg = 1.0
        else:
            fh = eh
            fl = el
            dh, dl = _dd_add(mh, ml, sh, sl)           # E - 1
            sg = -1.0
        nh, nl = _dd_mul(rh, rl, fh, fl)
        nh, nl = _dd_add(nh, nl, sg * qh, sg * ql)
        rh, rl = _dd_div(nh, nl, dh, dl)
        res = rh + rl
    if neg and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -res
    return res


# --------------------------------------------------------------------------
# Chebyshev inside (-1, 1) in O(1): the angle form on a table of cos(k pi/512)

_CHEB_ANGLE_N = 24.0         # degrees from this up use the angle form (measured crossover with the two-step recurrence)
_CHEB_ANGLE_MAX = 32768.0    # up to this (the phase error n 2**-78 stays below 2**-63)
_CA1 = 0.006135923151305178      # pi/512 = _CA1 + _CA2 + _CA3 (32-bit heads: m _CA1, m _CA2 exact, m < 2**21)
_CA2 = 2.3738673852749867e-13
_CA3 = 7.899477534359182e-24
_CA_INV = 162.97466172610083     # 512/pi


@helper
def _cheb_cosk(k, bh, bl):
    """cos(k pi/512 + b) as (hi, lo), b = bh + bl, |b| <= 0.0045, k any integer (taken mod 1024).

    cos(a + b) = cos a cos b - sin a sin b with cos a, sin a = cos((k - 256) pi/512) from the table
    (26-bit head + tail, so sin(a) bh is exact after splitting bh alone), cos b - 1 and sin b - b
    by their Taylor series (|b|^8/8! < 2**-85); absolute error about 2**-70.
    """
    i = k & 1023
    ch = _CHEB_C26[i]
    ct = _CHEB_CT[i]
    i = (k - 256) & 1023
    sh = _CHEB_C26[i]
    st = _CHEB_CT[i]
    p = sh * bh
    pe = two_prod_err(sh, bh, p)            # p + pe = sin(a)_head * bh exactly
    r = ch - p
    bb = r - ch
    re = (ch - (r - bb)) - (p + bb)          # r + re = ch - p exactly
    z = bh * bh
    cm1 = z * (-0.5 + z * (0.041666666666666664 - z * 0.001388888888888889))   # cos b - 1
    sm = bh * z * (-0.16666666666666666 + z * 0.008333333333333333)            # sin b - b
    lo = (re - pe) + ((ct - st * bh - sh * bl) + ((ch + ct) * cm1 - (sh + st) * sm))
    h = r + lo
    return h, lo - (h - r)


@helper
def _cheb_angle(yh, yl, kind, n):
    """Chebyshev T/U/V/W (kind 0..3) at y = yh + yl in (-1, 1), 6 <= n <= 2**15, in O(1).

    T_n = cos(n theta), U_n = sin((n+1) theta)/sin theta, V_n = cos((n+1/2) theta)/cos(theta/2),
    W_n = sin((n+1/2) theta)/sin(theta/2), y = cos theta (DLMF 18.5.1-18.5.4), all in double-double
    without libm's acos or cos: theta = j pi/256 + phi with j from a cheap estimate of theta and
    sin(phi) = s c_j - y s_j exactly cancelling (s = sqrt(1 - y^2) in double-double, c_j, s_j from the
    table), phi = asin of that by its series (|phi| < 0.0062).  The phase nu theta = (2 nu j) pi/512
    + nu phi, nu phi = m pi/512 + b, so the table index 2 nu j + m is exact integer arithmetic and
    only |b| <= pi/1024 goes through a Taylor series (_cheb_cosk); a sine is the cosine at index
    - 256 (pi/2).  Divisors: s (U), cos(theta/2) = sqrt((1 + y)/2) (V), sin(theta/2) = sqrt((1 - y)/2) (W).
    The caller keeps (n+1)^2 (1 - y^2) >= 1/16, so the numerators of U, V, W are not below ~1/4
    of their envelope's share: the error is about (n + 2) 2**-77 + 2**-69 of the envelope before
    the one rounding (measured <= 0.5 ulp against mpmath).
    """
    # 1 - y^2 = (1 - y)(1 + y) from exact sums (Fast2Sum: |yh| < 1); s = sqrt(1 - y^2) as a double-double
    ah = 1.0 - yh
    al = (1.0 - ah) - yh
    bh = 1.0 + yh
    bl = (1.0 - bh) + yh
    dh, de = _two_prod(ah, bh)
    de += ah * (bl + yl) + (al - yl) * bh
    t = dh + de                    # renormalized (the square root's correction is first order)
    de = de - (t - dh)
    dh = t
    sh = math.sqrt(dh)
    q, qe = _two_prod(sh, sh)
    inv = 1.0 / sh
    sl = (((dh - q) - qe) + de) * (0.5 * inv)
    # the divisor of V, W: cos(theta/2) = sqrt((1 + y)/2), sin(theta/2) = sqrt((1 - y)/2) from the exact
    # sums above, a double-double square root (independent of the phase, so it overlaps with it)
    wh = 1.0
    wl = 0.0
    winv = 1.0
    if kind >= 2:
        if kind == 2:
            vh = 0.5 * bh
            vl = 0.5 * (bl + yl)
        else:
            vh = 0.5 * ah
            vl = 0.5 * (al - yl)
        t = vh + vl
        vl = vl - (t - vh)
        vh = t
        wh = math.sqrt(vh)
        q, qe = _two_prod(wh, wh)
        winv = 1.0 / wh
        wl = (((vh - q) - qe) + vl) * (0.5 * winv)
    # theta to ~1e-5 (asin of the smaller of |y|, s by a fitted polynomial), j = nearest multiple of pi/256
    ay = abs(yh)
    a = min(ay, sh)
    z = a * a
    al_ = a * (1.0000051614625438 + z * (0.16617259869263462 + z * (0.08234627561737642 + z * (
        0.008143241678105598 + z * 0.09629138771205699))))
    t1 = 1.5707963267948966 - math.copysign(al_, yh)     # |y| <= s: theta = pi/2 - asin y
    t2 = al_ if yh > 0.0 else 3.141592653589793 - al_   # else theta = asin s or pi - asin s
    t = t1 if ay <= sh else t2
    j = int(t * 81.48733086305042 + 0.5)                # 256/pi
    # sin(phi) = s cos(theta_j) - y sin(theta_j), the heads' products exact (26-bit table heads)
    cj = _CHEB_C26[2 * j]
    cjt = _CHEB_CT[2 * j]
    i = (2 * j - 256) & 1023
    sj = _CHEB_C26[i]
    sjt = _CHEB_CT[i]
    p1 = sh * cj
    e1 = two_prod_err(sh, cj, p1)
    p2 = yh * sj
    e2 = two_prod_err(yh, sj, p2)
    gh, ge = _two_sum(p1, -p2)
    gl = (ge + (e1 - e2)) + ((sh * cjt + sl * cj) - (yh * sjt + yl * sj))
    g = gh + gl
    gl = gl - (g - gh)
    # phi = asin(g) = g + g^3 (1/6 + 3/40 g^2 + 5/112 g^4 + 35/1152 g^6), |g| < 0.0063
    z = g * g
    fl = gl + g * z * (0.16666666666666666 + z * (0.075 + z * (0.044642857142857144 + z * 0.030381944444444444)))
    # the phase: nu theta = (2 nu j) pi/512 + nu phi, nu phi = m pi/512 + b
    if kind == 0:
        nu2 = 2.0 * n
    elif kind == 1:
        nu2 = 2.0 * n + 2.0
    else:
        nu2 = 2.0 * n + 1.0
    nu = 0.5 * nu2
    p = nu * g
    pe = two_prod_err(nu, g, p) + nu * fl
    m = math.floor(p * _CA_INV + 0.5)
    bh = p - m * _CA1                                    # exact (Sterbenz; m _CA1 exact)
    bl = (pe - m * _CA2) - m * _CA3
    b = bh + bl
    bl = bl - (b - bh)
    k = int(nu2) * j + int(m)
    if kind == 1 or kind == 3:
        k -= 256                                         # sin x = cos(x - pi/2)
    rh, rl = _cheb_cosk(k, b, bl)
    if kind == 0:
        return rh + rl
    if kind == 1:
        dh = sh
        dl = sl
    else:
        dh = wh
        dl = wl
        inv = winv
    # (rh + rl)/(dh + dl): q1 = rh/dh to ~1 ulp, then the exact residual once
    q1 = rh * inv
    p = q1 * dh
    pe = two_prod_err(q1, dh, p)
    return q1 + ((((rh - p) - pe) + rl) - q1 * dl) * inv



# --------------------------------------------------------------------------
# float32 kernels (f32_kernel=): the float32 loop needs ~2**-50 of the envelope, not double-doubles

_CF32_REC_MAX = 64.0               # float32 loop: degrees up to this use the plain two-step recurrence
_CF32_ANGLE_MAX = 4096.0           # ... above it the plain angle form, up to this
_CF32_HYP_N = 16.0                 # 1 < |y| <= 4: degrees from this up use the plain powers of e^acosh|y|


@helper
def _cheb_angle_f32(y, kind, n, ah, bh):
    """Chebyshev T/U/V/W (kind 0..3) at y in (-1, 1), 17 <= n <= 4096, (n+1)^2 (1 - y^2) >= 1/16,
    for the float32 loop: _cheb_angle with the phase and the cosine in plain doubles.

    ah = 1 - y and bh = 1 + y are exact (y a float32 number or 2x - 1 of one).  As in _cheb_angle,
    theta = j pi/256 + phi with sin(phi) = s c_j - y s_j from exact products, s = sqrt(1 - y^2) with
    its first-order correction and the table's heads and tails, so phi is within ~2**-60; the phase
    nu phi = m pi/512 + b (|nu phi| < 26 at n = 4096, error ~2**-48) and cos(k pi/512 + b) from the
    rounded table (2**-53) are plain: the result is within ~(n/256 + 3) 2**-53 of the envelope
    before its rounding to float32 (U, V, W: one plain division by s, cos(theta/2), sin(theta/2)).
    """
    dh = ah * bh
    de = two_prod_err(ah, bh, dh)
    sh = math.sqrt(dh)
    inv = 1.0 / sh
    sl = (de - two_prod_err(sh, sh, dh)) * (0.5 * inv)
    # theta to ~1e-5 (as _cheb_angle), j = nearest multiple of pi/256
    ay = abs(y)
    a = min(ay, sh)
    z = a * a
    al_ = a * (1.0000051614625438 + z * (0.16617259869263462 + z * (0.08234627561737642 + z * (
        0.008143241678105598 + z * 0.09629138771205699))))
    t1 = 1.5707963267948966 - math.copysign(al_, y)
    t2 = al_ if y > 0.0 else 3.141592653589793 - al_
    t = t1 if ay <= sh else t2
    j = int(t * 81.48733086305042 + 0.5)
    # sin(phi) = s cos(theta_j) - y sin(theta_j): head products exact, tails to first order
    cj = _CHEB_C26[2 * j]
    i = (2 * j - 256) & 1023
    sj = _CHEB_C26[i]
    p1 = sh * cj
    p2 = y * sj
    g = (p1 - p2) + ((two_prod_err(sh, cj, p1) - two_prod_err(y, sj, p2))
                     + ((sh * _CHEB_CT[2 * j] + sl * cj) - y * _CHEB_CT[i]))
    # phi = asin(g), |g| < 0.0063
    z = g * g
    phi = g + g * z * (0.16666666666666666 + z * (0.075 + z * (0.044642857142857144 + z * 0.030381944444444444)))
    if kind == 0:
        nu2 = 2.0 * n
    elif kind == 1:
        nu2 = 2.0 * n + 2.0
    else:
        nu2 = 2.0 * n + 1.0
    p = (0.5 * nu2) * phi
    m = math.floor(p * _CA_INV + 0.5)
    b = (p - m * _CA1) - m * _CA2
    k = int(nu2) * j + int(m)
    if kind == 1 or kind == 3:
        k -= 256                                         # sin x = cos(x - pi/2)
    # cos(k pi/512 + b) = c_k cos b - s_k sin b, |b| <= pi/1024 (Taylor: b^6/720 < 2**-57)
    zb = b * b
    cb = 1.0 + zb * (-0.5 + zb * 0.041666666666666664)
    sb = b + b * zb * (-0.16666666666666666 + zb * 0.008333333333333333)
    r = _CHEB_CF[k & 1023] * cb - _CHEB_CF[(k - 256) & 1023] * sb
    if kind == 0:
        return r
    if kind == 1:
        return r * inv
    # V: cos(theta/2) = sqrt((1 + y)/2), W: sin(theta/2) = sqrt((1 - y)/2)
    return r / math.sqrt(0.5 * (bh if kind == 2 else ah))


@helper
def _cheb_rec2_f32(y, kind, n):
    """p_n (kind 0..3), |y| < 1, 0 <= n <= 64, for the float32 loop: the two-step recurrence
    p_{k+2} = (4y^2 - 2) p_k - p_{k-2} of _cheb_rec2 in plain doubles (n/2 fma steps; the error is
    about n min(n, 1/sqrt(1 - y^2)) 2**-53 of the envelope)."""
    c = 4.0 * (y * y) - 2.0
    m = int(n)
    odd = (m & 1) == 1
    if kind == 0:
        a = y if odd else 0.5 * c
        b = y if odd else 1.0
    elif kind == 1:
        a = 0.0 if odd else -1.0
        b = 2.0 * y if odd else 1.0
    else:
        sg = -1.0 if kind == 2 else 1.0
        v = 2.0 * y + sg
        a = -sg if odd else -sg * v
        b = v if odd else 1.0
    k = m >> 1
    while k > 0:
        r = c * b - a
        a = b
        b = r
        k -= 1
    return b


@helper
def _cheb_hyp_f32(y, kind, n, ah, bh):
    """Chebyshev T/U/V/W (kind 0..3) at 1 < |y| <= 4, 0 <= n <= 200, for the float32 loop: _cheb_hyp's
    powers of E = e^acosh|y| = a + s (a = |y|, s = sqrt(a^2 - 1)) in plain doubles.

    a - 1 and a + 1 are exact (ah = 1 - y, bh = 1 + y); E = eh + el with s's first-order correction,
    P = E^n = eh^n (1 + n el/eh) with eh^n by binary powering (~2 log2(n) roundings) and 1/E = a - s,
    Q = 1/P: T_n = (P + Q)/2, U_n = (P E - Q/E)/(2s), V_n = (P E + Q)/(E + 1), W_n = (P E - Q)/(E - 1)
    (E - 1 = (a - 1) + s: no cancellation); y < 0 as in _cheb_hyp.  Relative error ~2**-48 (a factor
    1/((2n + 1) acosh a) more where the numerators of U, V, W cancel, a near 1).
    """
    neg = y < 0.0
    if neg:
        m = -bh                          # a - 1
        p = ah                           # a + 1
        if kind >= 2:
            kind = 5 - kind
    else:
        m = -ah
        p = bh
    a = abs(y)
    dh = m * p
    de = two_prod_err(m, p, dh)
    sh = math.sqrt(dh)
    sl = (de - two_prod_err(sh, sh, dh)) * (0.5 / sh)
    eh = a + sh
    el = two_sum_err(a, sh, eh) + sl
    einv = a - sh                        # 1/E
    nn = int(n)
    r = 1.0
    xx = eh
    while nn > 0:
        t = r * xx
        r = t if (nn & 1) == 1 else r    # a select: the bits of a random degree mispredict
        xx = xx * xx
        nn >>= 1
    P = r + r * (n * el * einv)
    Q = 1.0 / P
    if kind == 0:
        res = 0.5 * (P + Q)
    elif kind == 1:
        res = (P * eh + P * el - Q * einv) / (2.0 * sh)
    elif kind == 2:
        res = (P * eh + (P * el + Q)) / (eh + (el + 1.0))
    else:
        res = (P * eh + (P * el - Q)) / ((m + sh) + sl)
    if neg and (int(n) & 1) == 1:
        return -res
    return res


@helper
def _cheb_f32(y, ah, bh, kind, n):
    """The float32 loop's Chebyshev kernel at y = x or 2x - 1 (ah = 1 - y, bh = 1 + y exact): the plain
    recurrence or angle form where they hold, else nan (the caller then runs the float64 kernel;
    y = 0 and +-1/2, where exact zeros must stay exact and signed, go there too)."""
    ay = abs(y)
    if ay < 1.0 and n <= _CF32_ANGLE_MAX and math.floor(n) == n and n >= 0.0 and ay != 0.5 and y != 0.0:
        d = ah * bh
        if n <= _CF32_REC_MAX and (n <= 16.0 or n * n <= 65536.0 * d):
            # the plain recurrence's error is about n min(n, 1/sqrt(1 - y^2)) 2**-53 of the envelope:
            # kept <= 2**-45 (near +-1 larger degrees go on)
            return _cheb_rec2_f32(y, kind, n)
        if d * ((n + 1.0) * (n + 1.0)) >= 0.0625:
            return _cheb_angle_f32(y, kind, n, ah, bh)
    elif 1.0 < ay <= 4.0 and n <= 200.0 and math.floor(n) == n and n >= 0.0:
        # outside: the recurrence is stable there (the value grows with n), but the powers are O(log n)
        if n < _CF32_HYP_N:
            return _cheb_rec2_f32(y, kind, n)
        return _cheb_hyp_f32(y, kind, n, ah, bh)
    return math.nan


@helper
def _chebyshev_plain_f32(x, kind, n):
    r = _cheb_f32(x, 1.0 - x, 1.0 + x, kind, n)
    if r == r:
        return r
    return _chebyshev_plain(x, kind, n)   # everything else: the float64 kernel


@helper
def _chebyshev_shifted_f32(x, kind, n):
    r = _cheb_f32(2.0 * x - 1.0, 2.0 - 2.0 * x, 2.0 * x, kind, n)
    if r == r:
        return r
    return _chebyshev_shifted(x, kind, n)   # everything else: the float64 kernel


@helper
def _cheb_t_f32(x, n):
    return _chebyshev_plain_f32(x, 0, n)


@helper
def _scheb_t_f32(x, n):
    return _chebyshev_shifted_f32(x, 0, n)


@helper
def _cheb_u_f32(x, n):
    return _chebyshev_plain_f32(x, 1, n)


@helper
def _scheb_u_f32(x, n):
    return _chebyshev_shifted_f32(x, 1, n)


@helper
def _cheb_v_f32(x, n):
    return _chebyshev_plain_f32(x, 2, n)


@helper
def _scheb_v_f32(x, n):
    return _chebyshev_shifted_f32(x, 2, n)


@helper
def _cheb_w_f32(x, n):
    return _chebyshev_plain_f32(x, 3, n)


@helper
def _scheb_w_f32(x, n):
    return _chebyshev_shifted_f32(x, 3, n)


_N_ARGS = (Arg("x"), Arg("n", lo=0, kind="int"))


def _cheb_doc(title, formula, example_call, example_value, extra=""):
    return rf"""
    {title}.

    {formula}

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Inside :math:`(-1, 1)` for ``24 <= n <= 2**15`` an O(1) angle form
    (:math:`x = \cos\theta`, :math:`\theta` and the phase in double-double on a table of
    :math:`\cos(k\pi/512)`, no libm call); for :math:`1 < |x| \le 4`, ``30 <= n <= 200`` powers of
    :math:`e^{{\operatorname{{acosh}}|x|}}` in double-double; otherwise a compensated three-term
    recurrence for ``n <= 44`` (two degrees a step, :math:`p_{{k+2}} = 2T_2(x) p_k - p_{{k-2}}`,
    for :math:`|x| \le 4`) and double-double doubling of :math:`U_m` above (O(log n)).
    Accurate to half an ulp of the polynomial's size on :math:`[-1, 1]` (measured against
    mpmath) for every degree; values past the float64 range are ``+-inf``.{extra}

    Examples
    --------
    >>> import specfun
    >>> float(specfun.{example_call})
    {example_value}
    """


# derivative helpers: d/dx C_n^(a)(x) = 2a C_{n-1}^(a+1)(x) (DLMF 18.9.19), U_n = C_n^(1)
def _du(ns, y, n):
    return 2.0 * ns.gegenbauer_polynomial_c(y, n - 1.0, 2.0)


@defun(
    "chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_cheb_t_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the first kind, :math:`T_n(x)`",
                  r":math:`T_n(\cos\theta) = \cos n\theta`; :math:`T_n'(x) = n U_{n-1}(x)`.",
                  "chebyshev_polynomial_t(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_t(x, n):
    return _chebyshev_plain(x, 0, n)


@defun(
    "chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_cheb_u_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the second kind, :math:`U_n(x)`",
                  r":math:`U_n(\cos\theta) = \sin((n+1)\theta)/\sin\theta`; "
                  r":math:`U_n'(x) = 2 C^{(2)}_{n-1}(x)` (Gegenbauer, stable at :math:`\pm1`).",
                  "chebyshev_polynomial_u(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_u(x, n):
    return _chebyshev_plain(x, 1, n)


@defun(
    "chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_cheb_v_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) - _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the third kind, :math:`V_n(x)`",
                  r":math:`V_n(\cos\theta) = \cos((n+\frac12)\theta)/\cos(\theta/2)`, "
                  r":math:`V_n = U_n - U_{n-1}`.",
                  "chebyshev_polynomial_v(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_v(x, n):
    return _chebyshev_plain(x, 2, n)


@defun(
    "chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_cheb_w_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: _du(ns, x, n) + _du(ns, x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Chebyshev polynomial of the fourth kind, :math:`W_n(x)`",
                  r":math:`W_n(\cos\theta) = \sin((n+\frac12)\theta)/\sin(\theta/2)`, "
                  r":math:`W_n = U_n + U_{n-1}`.",
                  "chebyshev_polynomial_w(0.5, 3.0)", "-1.0"),
)
def chebyshev_polynomial_w(x, n):
    return _chebyshev_plain(x, 3, n)


_SHIFT_NOTE = r"""

    The argument :math:`2x - 1` is formed exactly (as a double-double), so the
    shifted polynomial is as accurate as the plain one at every :math:`x`."""


@defun(
    "shifted_chebyshev_polynomial_t",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_scheb_t_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.shifted_chebyshev_polynomial_u(x, n - 1.0), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the first kind, :math:`T^*_n(x) = T_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_t(0.25, 2.0)", "-0.5",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_t(x, n):
    return _chebyshev_shifted(x, 0, n)


@defun(
    "shifted_chebyshev_polynomial_u",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_scheb_u_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * _du(ns, 2.0 * x - 1.0, n), "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the second kind, :math:`U^*_n(x) = U_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_u(0.25, 2.0)", "0.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_u(x, n):
    return _chebyshev_shifted(x, 1, n)


@defun(
    "shifted_chebyshev_polynomial_v",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_scheb_v_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) - _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the third kind, :math:`V^*_n(x) = V_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_v(0.25, 2.0)", "1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_v(x, n):
    return _chebyshev_shifted(x, 2, n)


@defun(
    "shifted_chebyshev_polynomial_w",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_scheb_w_f32,  # for the float32 loop: plain doubles where they suffice
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * (_du(ns, 2.0 * x - 1.0, n) + _du(ns, 2.0 * x - 1.0, n - 1.0)),
          "n": NONDIFF},
    doc=_cheb_doc("Shifted Chebyshev polynomial of the fourth kind, :math:`W^*_n(x) = W_n(2x - 1)`",
                  r"Orthogonal on :math:`[0, 1]`.", "shifted_chebyshev_polynomial_w(0.25, 2.0)", "-1.0",
                  _SHIFT_NOTE),
)
def shifted_chebyshev_polynomial_w(x, n):
    return _chebyshev_shifted(x, 3, n)


# --------------------------------------------------------------------------
# Hermite: p_{k+1} = m (x p_k - k p_{k-1}); m = 2 for H_n (p_1 = 2x), m = 1 for He_n (p_1 = x)

# --------------------------------------------------------------------------
# Hermite and Laguerre of degree 2..128 for |x| <= 1: Horner's scheme on exact coefficient tables.
#
# H_n(x) = sum_m a_{n,m} (2x)^(n-2m), He_n(x) = sum_m a_{n,m} 2^-m x^(n-2m), a_{n,m} = (-1)^m n!/(m!(n-2m)!)
# (DLMF 18.5.13), so H_n = P(4x^2) and He_n = 2^-floor(n/2) P(2x^2) for even n (times 2x resp. x for
# odd n) with P(y) = sum_m a_{n,m} y^(floor(n/2)-m): half as many steps as the recurrence.  P is split
# as E(w) + y O(w), w = y^2 (two independent Horner chains in one loop, so the two dependency chains
# overlap).  L_n(x) = sum_k (-1)^k C(n,k) x^k/k! (DLMF 18.5.12) is one chain in x.
#
# A chain's leading steps, where the coefficient outweighs everything before it (|c_i| >= 4 wmax hmax),
# run in *head + tail* form: the head h lies on a fixed grid Q_i = 2^q_i with |h| < 2^27 Q_i, so that
# h w0 is exact for the 26-bit head w0 of w; adding C_i + c_i(on the grid), C_i = 3 2^(q_i+51), rounds
# the sum onto the grid in one addition, and the part below the grid, the coefficient's remainder and
# h (w - w0) go to the tail (10 flops a step, no splitting, 4 of them exact).  The remaining steps
# run the compensated Horner scheme (Graillat, Langlois & Louvet 2005: TwoProduct + TwoSum, error
# polynomial carried alongside; w0 short, so only the running value is split).  Sum |terms| / envelope
# is below e^(|x| sqrt(2n)) (H; He smaller) and e^(2 sqrt(n|x|)) (L), <= 2^28 here, so the result is
# within ~2^-100 (compensated part) and ~2^-79 (head/tail part) of the sum's size: measured the same
# as the compensated recurrence (<= 0.5 ulp of the envelope, 3000 points per family against a 320-bit
# recurrence), 1.2-2.8x faster than it on x ~ U(-1, 1), n ~ U{0..100}.
# Tables are built at import from exact integers/fractions (every double correctly rounded):
# rows of 3 doubles, (C_i + c_i on the grid, C_i, rest of c_i) in the head/tail prefix, (hi, 0, lo) after.

_HORNER_MAX = 128


def _ratio_dd(num, den):
    """num/den (integers) as a double-double, both parts correctly rounded."""
    hi = num / den
    hn, hd = hi.as_integer_ratio()
    return hi, (num * hd - hn * den) / (den * hd)


def _horner_rows(coefs, wmax):
    """Rows (3 doubles and a phase-1 flag) of one Horner chain; coefs are (num, den), highest power first."""
    rows = []
    hmax = 0.0    # bound on |h| after the previous step, over 0 <= w <= wmax
    ph1 = True
    for num, den in coefs:
        a = abs(num / den)
        if ph1 and num == 0 and hmax == 0.0:
            c = math.ldexp(3.0, 21)   # a zero leading coefficient (chain padding): h stays 0
            rows.append((c, c, 0.0, True))
            continue
        if ph1 and num != 0 and a >= 4.0 * wmax * hmax:
            bound = (a + wmax * hmax) * (1.0 + 2.0 ** -20)   # >= |h w0 + c_i on the grid|
            q = math.frexp(bound)[1] - 26                      # 2^(q+26) >= bound
            n2, d2 = (num << -q, den) if q < 0 else (num, den << q)
            t = (2 * n2 + d2) // (2 * d2)                      # c_i / 2^q to the nearest integer
            big = math.ldexp(3.0, q + 51)
            rows.append((big + math.ldexp(float(t), q), big, math.ldexp((n2 - t * d2) / d2, q), True))
            hmax = math.ldexp(1.0 + 2.0 ** -19, q + 26)
        else:
            ph1 = False
            hi, lo = _ratio_dd(num, den)
            rows.append((hi, 0.0, lo, False))
    return rows


def _horner_tables(coef_lists, wmax, pairs):
    """(flat rows, offsets, head/tail prefix lengths) for degrees 0..len-1; pairs: E/O chains interleaved."""
    flat, off, p1s = [], [], []
    for cs in coef_lists:
        if pairs:
            jj = len(cs) - 1
            ev = [c for i, c in enumerate(cs) if (jj - i) % 2 == 0]
            od = [c for i, c in enumerate(cs) if (jj - i) % 2 == 1]
            m = max(len(ev), len(od))
            chains = [[(0, 1)] * (m - len(ev)) + ev, [(0, 1)] * (m - len(od)) + od]
        else:
            chains = [cs]
            m = len(cs)
        rows = [_horner_rows(ch, wmax) for ch in chains]
        p1 = 0
        while p1 < m and all(r[p1][3] for r in rows):
            p1 += 1
        off.append(len(flat) // (3 * len(chains)))
        for i in range(m):
            for ch, r in zip(chains, rows, strict=True):
                row = r[i]
                if i >= p1 and row[3]:  # past the common prefix: compensated form
                    row = (*_ratio_dd(*ch[i]), False)
                    row = (row[0], 0.0, row[1], False)
                flat.extend(row[:3])
        p1s.append(p1)
    off.append(len(flat) // (3 * (2 if pairs else 1)))
    return flat, off, p1s


def _hermite_coefs(n):
    f = math.factorial
    return [((-1) ** m * (f(n) // (f(m) * f(n - 2 * m))), 1) for m in range(n // 2 + 1)]


def _laguerre_coefs(n):
    return [((-1) ** k * math.comb(n, k), math.factorial(k)) for k in range(n, -1, -1)]


def _cheb_cos_table():
    """cos(k pi/512), k = 0..1023, as a 26-bit head (Dekker's split of the rounded value) and a double
    tail (mpmath at 200 bits): head + tail within 2**-80 (used by _cheb_angle/_cheb_cosk)."""
    import mpmath

    heads, tails = [], []
    with mpmath.workprec(200):
        for k in range(1024):
            v = mpmath.cospi(mpmath.mpf(k) / 512)   # exact 0, +-1 at the quarter points
            h = float(v)
            c = _SPLIT * h
            h26 = c - (c - h)
            heads.append(h26)
            tails.append(float(v - h26))
    return np.array(heads), np.array(tails)


def build_horner_tables() -> dict:
    """The Hermite/Laguerre Horner tables, from exact integers (about 35 ms: stored, see below),
    and the Chebyshev angle table (mpmath)."""
    c26, ct = _cheb_cos_table()
    hc = [_hermite_coefs(n) for n in range(_HORNER_MAX + 1)]
    t1, o1, p1 = _horner_tables(hc, 16.0, True)    # H: y = 4x^2, w <= 16
    t2, o2, p2 = _horner_tables(hc, 4.0, True)     # He: y = 2x^2, w <= 4
    lt, lo, lp = _horner_tables([_laguerre_coefs(n) for n in range(_HORNER_MAX + 1)], 1.0, False)
    return {
        "HERM_T": np.array(t1 + t2),
        "HERM_OFF": np.array(o1[:-1] + [o + o1[-1] for o in o2], dtype=np.int64),   # H: n, He: 129 + n
        "HERM_P1": np.array(p1 + p2, dtype=np.int64),
        "HERM_SCALE": np.array([1.0] * (_HORNER_MAX + 1)
                               + [math.ldexp(1.0, -(n // 2)) for n in range(_HORNER_MAX + 1)]),
        "LAG_T": np.array(lt),
        "LAG_OFF": np.array(lo, dtype=np.int64),
        "LAG_P1": np.array(lp, dtype=np.int64),
        "CHEB_C26": c26,
        "CHEB_CT": ct,
    }


# Stored next to this module so that `import specfun` does not spend 35 ms rebuilding them;
# tests/families/test_orthopoly.py checks the file equals a fresh build_horner_tables().
HORNER_TABLES_FILE = __import__("pathlib").Path(__file__).with_name("orthopoly_horner.npz")
try:
    with np.load(HORNER_TABLES_FILE) as _z:
        _tabs = {k: _z[k] for k in _z.files}
except OSError:  # pragma: no cover - a checkout without the stored file
    _tabs = build_horner_tables()
_HERM_T, _HERM_OFF, _HERM_P1, _HERM_SCALE = _tabs["HERM_T"], _tabs["HERM_OFF"], _tabs["HERM_P1"], _tabs["HERM_SCALE"]
_LAG_T, _LAG_OFF, _LAG_P1 = _tabs["LAG_T"], _tabs["LAG_OFF"], _tabs["LAG_P1"]
_CHEB_C26, _CHEB_CT = _tabs["CHEB_C26"], _tabs["CHEB_CT"]
_CHEB_CF = _CHEB_C26 + _CHEB_CT    # cos(k pi/512) rounded to double (float32 kernels; head + tail within 2**-80)
del _tabs


@helper
def _hermite_horner(x, n, m):
    """H_n (m = 2) or He_n (m = 1) for |x| <= 1, 2 <= n <= 128 (tables above)."""
    nn = int(n)
    # y = 2m x^2 = yh + yl exactly (an exact product error)
    z = x * x
    yh = 2.0 * m * z
    yl = 2.0 * m * two_prod_err(x, x, z)
    # w = y^2 = wh + wl to ~2^-106; w0 = 26-bit head of wh, dw = w - w0
    wh = yh * yh
    wl = two_prod_err(yh, yh, wh) + 2.0 * yh * yl
    c = _SPLIT * wh
    w0 = c - (c - wh)
    dw = (wh - w0) + wl
    idx = nn if m == 2.0 else nn + 129
    i = _HERM_OFF[idx]
    end = _HERM_OFF[idx + 1]
    p1 = i + _HERM_P1[idx]
    # head/tail prefix: E = h + t, O = g + u (h, g on the row's grid, so h w0 and g w0 are exact)
    h = 0.0
    t = 0.0
    g = 0.0
    u = 0.0
    while i < p1:
        k = 6 * i
        p = h * w0
        a = _HERM_T[k]
        c = p + a
        hn = c - _HERM_T[k + 1]
        t = (t * wh + h * dw) + ((p - (c - a)) + _HERM_T[k + 2])
        h = hn
        p = g * w0
        a = _HERM_T[k + 3]
        c = p + a
        gn = c - _HERM_T[k + 4]
        u = (u * wh + g * dw) + ((p - (c - a)) + _HERM_T[k + 5])
        g = gn
        i += 1
    # to value + error (|head| >= |tail|: Fast2Sum)
    r = h + t
    e = t - (r - h)
    s = g + u
    f = u - (s - g)
    while i < end:
        # compensated Horner steps: r w0 + c exactly as (q, pe + se), error terms Horner'd in e
        k = 6 * i
        p = r * w0
        pe = two_prod_err(r, w0, p)
        a = _HERM_T[k]
        q = p + a
        e = e * wh + ((pe + two_sum_err(p, a, q)) + (_HERM_T[k + 2] + r * dw))
        r = q
        p = s * w0
        pe = two_prod_err(s, w0, p)
        a = _HERM_T[k + 3]
        q = p + a
        f = f * wh + ((pe + two_sum_err(p, a, q)) + (_HERM_T[k + 5] + s * dw))
        s = q
        i += 1
    # P = E + y O: s yh exactly (Dekker), s yl and f y to first order
    p = s * yh
    pe = two_prod_err(s, yh, p)
    q = r + p
    e = (e + two_sum_err(r, p, q)) + (pe + (s * yl + f * yh))
    # odd n: times v = m x (exact), the product's error by Dekker; even n: v = 1 (a select, not a
    # branch: the parity of a random degree would be mispredicted half the time)
    v = m * x if (nn & 1) == 1 else 1.0
    p = q * v
    r = p + (two_prod_err(q, v, p) + e * v)
    return r * _HERM_SCALE[idx]  # He: 2^-floor(n/2), H: 1 (exact)


@helper
def _laguerre_horner(x, n):
    """L_n(x) for |x| <= 1, 2 <= n <= 128: Horner in x on the exact table (see above)."""
    nn = int(n)
    c = _SPLIT * x
    x0 = c - (c - x)
    d = x - x0          # x = x0 + d exactly, 26-bit halves
    i = _LAG_OFF[nn]
    end = _LAG_OFF[nn + 1]
    p1 = i + _LAG_P1[nn]
    h = 0.0
    t = 0.0
    while i < p1:
        # head/tail steps (the high-degree coefficients dominate)
        k = 3 * i
        p = h * x0
        a = _LAG_T[k]
        c = p + a
        hn = c - _LAG_T[k + 1]
        t = (t * x + h * d) + ((p - (c - a)) + _LAG_T[k + 2])
        h = hn
        i += 1
    r = h + t
    e = t - (r - h)
    while i < end:
        # compensated Horner steps (the product's exact error)
        k = 3 * i
        p = r * x
        pe = two_prod_err(r, x, p)
        a = _LAG_T[k]
        q = p + a
        e = e * x + ((pe + two_sum_err(p, a, q)) + _LAG_T[k + 2])
        r = q
        i += 1
    return r + e


@helper
def _hermite_small(x, n, m):
    """H_n (m = 2) or He_n (m = 1) for |x| <= 1, 2 <= n <= 5, directly in double-double.

    With y = 2m x^2 (exact: Dekker's square times a power of 2) and the integers
    a_{n,k} = n!/(k!(n-2k)!) of DLMF 18.5.13 (as in _hermite_horner): P(y) = y - a1 (n = 2, 3:
    a1 = 2, 6) or y (y - a1) + a2 (n = 4, 5: a1 = 12, 20; a2 = 12, 60), then times m x for odd n
    and 2^-floor(n/2) for He.  Every step is an error-free sum/product with first-order tails, so
    the result is within ~2**-100 of the largest term (<= the envelope) before its one rounding;
    about a third of the Horner path's fixed cost (no tables, no loops).
    """
    nn = int(n)
    z = x * x
    zl = two_prod_err(x, x, z)
    yh = 2.0 * m * z
    yl = 2.0 * m * zl
    if nn <= 3:
        a1 = 2.0 if nn == 2 else 6.0
        sh = yh - a1
        bb = sh - yh
        sl = ((yh - (sh - bb)) + (-a1 - bb)) + yl        # y - a1 (TwoSum)
    else:
        a1 = 12.0 if nn == 4 else 20.0
        a2 = 12.0 if nn == 4 else 60.0
        th = yh - a1
        bb = th - yh
        tl = ((yh - (th - bb)) + (-a1 - bb)) + yl        # t = y - a1 (TwoSum)
        p, pe = _two_prod(yh, th)
        pe += yh * tl + yl * th                          # y t (Dekker, first-order tails)
        sh = p + a2
        bb = sh - p
        sl = ((p - (sh - bb)) + (a2 - bb)) + pe          # y t + a2 (TwoSum)
    scale = 1.0 if m == 2.0 else (0.5 if nn <= 3 else 0.25)
    if (nn & 1) == 0:
        return (sh + sl) * scale
    # odd n: times v = m x (exact), the product's error exactly
    v = m * x
    q = sh * v
    qe = two_prod_err(sh, v, q) + sl * v
    return (q + qe) * scale


_HERM_Y_MAX = 36   # degrees 6..this (|x| <= 1): compensated Horner in y = 2m x^2 (crossover with the w-form ~n = 38)


def _herm_y_table():
    """(-1)^k a_{n,k} = (-1)^k n!/(k!(n-2k)!), n = 0.._HERM_Y_MAX, k = 0..n/2 (DLMF 18.5.13), as
    double-doubles: the head correctly rounded, the tail the correctly rounded exact remainder."""
    th = np.zeros((_HERM_Y_MAX + 1, _HERM_Y_MAX // 2 + 1))
    tl = np.zeros((_HERM_Y_MAX + 1, _HERM_Y_MAX // 2 + 1))
    for n in range(_HERM_Y_MAX + 1):
        for k in range(n // 2 + 1):
            a = (-1) ** k * (math.factorial(n) // (math.factorial(k) * math.factorial(n - 2 * k)))
            th[n, k] = float(a)
            tl[n, k] = float(a - int(th[n, k]))
    return th, tl


_HERM_Y, _HERM_YL = _herm_y_table()


@helper
def _hermite_ysmall(x, n, m):
    """H_n (m = 2) or He_n (m = 1) for |x| <= 1, 6 <= n <= _HERM_Y_MAX: compensated Horner in y.

    P(y) = sum_k (-1)^k a_{n,k} y^(n/2 - k) with y = 2m x^2 = yh + yl exactly (as in _hermite_small),
    run as the compensated Horner scheme (Graillat, Langlois & Louvet 2005: the product's exact error,
    TwoSum with the coefficient's head, its tail (nonzero from n = 26) and yl into the error polynomial
    alongside), then times m x for odd n and 2^-floor(n/2) for He.  The terms are below 2**28 of the
    envelope here, so the result is within ~2**-78 of it before the one rounding; no tables of
    head/tail rows, no w = y^2 set-up: n/2 steps of ~1 ns (fma).
    """
    nn = int(n)
    z = x * x
    zl = two_prod_err(x, x, z)
    yh = 2.0 * m * z
    yl = 2.0 * m * zl
    r = 1.0
    e = 0.0
    for k in range(1, (nn >> 1) + 1):
        p = r * yh
        pe = two_prod_err(r, yh, p)                            # p + pe = r yh exactly
        a = _HERM_Y[nn, k]
        q = p + a
        e = e * yh + ((pe + two_sum_err(p, a, q)) + (r * yl + _HERM_YL[nn, k]))
        r = q
    idx = nn if m == 2.0 else nn + 129
    if (nn & 1) == 0:
        return (r + e) * _HERM_SCALE[idx]
    # odd n: times v = m x (exact), the product's error exactly
    v = m * x
    q = r * v
    qe = two_prod_err(r, v, q) + e * v
    return (q + qe) * _HERM_SCALE[idx]


_HERM_HALF_X = 20.0   # 1 < |x| <= this, n <= _HORNER_MAX: the compensated product over the zeros
# below this |x| (and at 0) the exact Horner tables: there p_n(x) is p_n(0) (an integer) plus terms under
# the product's ~h 2**-104 relative error, so a value at a rounding tie of p_n(0) x^o would be decided by
# that error; from 2**-40 on the u-terms exceed it by 2**17 (u = m x^2 >= 2**-80, the zeros s_i <= 518)
_HERM_TINY = 2.0**-40
_GRID41 = 3072.0      # 1.5 * 2**11: (u + this) - this rounds |u| < 2**10 to the grid 2**-41


def _herm_half_table():
    """c1_j = 4j + 1 + 2o and c2_j = 2j(2j - 1 + 2o) of the half-step recurrence, o = 0, 1, j = 0..64."""
    c1 = np.zeros((2, 65))
    c2 = np.zeros((2, 65))
    for o in range(2):
        for j in range(65):
            c1[o, j] = 4 * j + 1 + 2 * o
            c2[o, j] = 2 * j * (2 * j - 1 + 2 * o)
    return c1, c2


_HH_C1, _HH_C2 = _herm_half_table()


def build_hermite_roots(rows=None):
    """The zeros of the half-step polynomials q_h^(o)(u) (He_{2h+o}(x) = x^o q_h^(o)(x^2), monic in u),
    h = 1..64, o = 0, 1: s_i = x_i^2 for the h positive zeros x_i of He_{2h+o}, ascending, as arrays
    G, T of shape (2, 65, 64): G = s on the grid 2**-41, T = s - G rounded to double (|T| <= 2**-42, so
    G + T is s within 2**-95).  The zeros: numpy's Golub-Welsch nodes (hermegauss) refined by four
    Newton steps on the recurrence (DLMF 18.9.1, He_n' = n He_{n-1}) at 256 bits in mpmath (~10 s).
    ``rows``: only these (o, h) (the others stay 0), for tests."""
    import mpmath
    from numpy.polynomial.hermite_e import hermegauss

    g = np.zeros((2, 65, 64))
    t = np.zeros((2, 65, 64))
    with mpmath.workprec(256):
        for o, h in rows if rows is not None else [(o, h) for o in range(2) for h in range(1, 65)]:
            n = 2 * h + o
            xs = np.sort(hermegauss(n)[0])[-h:]
            for i, x0 in enumerate(xs):
                x = mpmath.mpf(float(x0))
                for _ in range(4):
                    p0, p1 = mpmath.mpf(1), x
                    for k in range(1, n):
                        p0, p1 = p1, x * p1 - k * p0
                    x = x - p1 / (n * p0)
                u = x * x
                g[o, h, i] = float(mpmath.nint(u * 2**41)) * 2.0**-41
                t[o, h, i] = float(u - mpmath.mpf(g[o, h, i]))
    return g, t


# Stored next to this module (a fresh build takes ~10 s of mpmath); tests/families/test_orthopoly.py
# rebuilds a sample of rows and checks them against the file.
HERMITE_ROOTS_FILE = __import__("pathlib").Path(__file__).with_name("orthopoly_hroots.npz")
try:
    with np.load(HERMITE_ROOTS_FILE) as _z:
        _HR_G, _HR_T = _z["G"], _z["T"]
except OSError:  # pragma: no cover - a checkout without the stored file
    _HR_G, _HR_T = build_hermite_roots()


@helper
def _hermite_prod(x, n, m):
    """H_n (m = 2) or He_n (m = 1), 2 <= n <= 128, |x| <= 20: the product over the zeros, compensated.

    He_{2h+o}(x) = x^o q_h(u), u = x^2, with q_h monic in u of degree h = floor(n/2) (the even/odd
    halves, DLMF 18.7.19-20: q_h is (-2)^h h! L_h^(o-1/2)(u/2)), so q_h(u) = prod_i (u - s_i) over its
    zeros s_i (the squared positive zeros of He_n, build_hermite_roots); H_n(x) = 2^(n/2) He_n(sqrt2 x):
    u = 2x^2 and the exact factor 2^ceil(n/2).  u = ug + ul with ug on the grid 2**-41 (u <= 800 < 2**10),
    and s_i = G_i + T_i with G_i on the same grid, so every factor's head ug - G_i is exact and its tail
    ul - T_i is within 2**-95 (the same as u's own split): each factor to ~2**-95 absolute, relative to
    itself (no cancellation anywhere, also next to a zero).  The product runs compensated (p + e: the
    product's exact error by fma, the tails and the carried error to first order: e' = e d + P dl + pe),
    relative error ~h 2**-104, in two independent chains (the even- and odd-indexed factors; odd h: the
    last factor in the first chain, written as exact arithmetic in fo = h mod 2, a factor 1 for even h),
    multiplied in double-double at the end.  Six floating-point operations per factor (the recurrence:
    sixteen per step); the values stay below 1e215 here.  At 1 < |x| <= 20 every result matched the
    compensated half-step recurrence it replaced on 2e7 points (He, H, float64/float32 loops); at
    2**-40 < |x| <= 1 it differs from the Horner forms on 6.6e3 of 1e7 points, each time correctly
    rounded where they were not (up to 9.9 ulp of the value next to zeros; mpmath).
    """
    nn = int(n)
    o = nn & 1
    h = nn >> 1
    z = x * x
    uh = m * z
    ul = m * two_prod_err(x, x, z)          # u = uh + ul exactly
    ug = (uh + _GRID41) - _GRID41            # uh on the grid 2**-41 (exact rounding)
    ul = (uh - ug) + ul                      # u = ug + ul (the first sum exact, the second to ~2**-94 u)
    pa = 1.0
    ea = 0.0
    pb = 1.0
    eb = 0.0
    i = 0
    h2 = h >> 1
    while i < h2:
        # factor d + dl = u - s: d exact on the grid; P d exactly as p + pe (fma); e' = e d + P dl + pe
        d = ug - _HR_G[o, h, 2 * i]
        dl = ul - _HR_T[o, h, 2 * i]
        p = pa * d
        ea = fma(ea, d, fma(pa, dl, two_prod_err(pa, d, p)))
        pa = p
        d = ug - _HR_G[o, h, 2 * i + 1]
        dl = ul - _HR_T[o, h, 2 * i + 1]
        p = pb * d
        eb = fma(eb, d, fma(pb, dl, two_prod_err(pb, d, p)))
        pb = p
        i += 1
    # odd h: the last factor into the first chain; even h: the factor 1 (exact: fo = 0 or 1, the head
    # minus 1 exact on the grid; a select here would be a branch on the parity of a random degree)
    fo = float(h & 1)
    last = (h - 1) & 63                      # h - 1 in 0..63 (>= 0 for the compiler)
    d = 1.0 + fo * ((ug - _HR_G[o, h, last]) - 1.0)
    dl = fo * (ul - _HR_T[o, h, last])
    p = pa * d
    ea = fma(ea, d, fma(pa, dl, two_prod_err(pa, d, p)))
    pa = p
    # the two chains' product in double-double, then x^o (exact factor, the product's error by fma)
    p = pa * pb
    ea = fma(ea, pb, fma(pa, eb, two_prod_err(pa, pb, p)))
    v = x if o == 1 else 1.0                 # a select: +-0 would keep the sign of an odd zero
    q = p * v
    sc = _HF32_SC[nn] if m == 2.0 else 1.0
    return (q + (two_prod_err(p, v, q) + ea * v)) * sc


# Hermite of large degree (n >= 271 for H, >= 304 for He): the uniform Airy-type expansion of the
# parabolic cylinder function (DLMF 12.10.35 with 12.10.13, 12.10.36-39; He_n(x) = e^(x^2/4) U(-n-1/2, x),
# 12.7.2; H_n(x) = 2^(n/2) He_n(sqrt2 x)):  with mu^2 = 2n + 1 and t = x/sqrt((4n+2)/m) (x >= 0),
#   p_n(x) = exp(B) (Ai(mu^(4/3) zeta) + eps),   B = (n/2) log m + mu^2 t^2/2 + log(2 sqrt(pi)) + (1/6) log mu^2
#            + log h(mu) + (1/4) log(zeta/(t^2 - 1)),  log h = -(mu^2+1)/4 log 2 - mu^2/4 + (mu^2-1)/4 log mu^2,
#   (2/3)(-zeta)^(3/2) = (arccos t - t sqrt(1-t^2))/2 (t <= 1),  (2/3) zeta^(3/2) = (t sqrt(t^2-1) - arccosh t)/2,
# |eps| <= 0.04 (M/mu^2 + N/mu^(8/3)) measured against mpmath (n = 60..2e4, 1500 points, turning point
# included), M = min(1, |sigma|^(-1/4)), N = max(1, |sigma|^(1/4)) the Airy modulus scales (sigma <= 0),
# M = N = Ai(sigma) for sigma > 0.  Used with 0.25 in place of 0.04 and the rounding of the phase
# (about 10 ulp of mu^2) added.  The envelope exp(B) M exceeds DBL_MAX by the factor 1/|eps| bound for
# every x from n = 271 (H) / 304 (He) on (computed with these formulas on a 2e5-point t grid,
# 0 <= t <= 1.5, n = 130..1500), so there the value is +-inf wherever the sign is certain; elsewhere
# (x within the error band of a zero: a fraction ~ 1/n of the oscillatory region) the recurrence runs.
_HERM_ASY_N0_H = 271.0
_HERM_ASY_N0_HE = 304.0
_LOG_2SQRTPI = 1.2655121234846454      # log(2 sqrt(pi))
_LN2 = 0.6931471805599453
_LOG_DBL_MAX_M = 710.3                 # log(DBL_MAX) = 709.78 plus a margin for the bound's roundings


def _cos_coefs():
    """(-1)^k/(2k)!, k = 24..0 (highest degree first), as double-doubles (exact rationals rounded twice)."""
    from fractions import Fraction
    hi, lo = [], []
    f = 1
    for k in range(25):
        if k:
            f *= (2 * k - 1) * (2 * k)
        q = Fraction((-1) ** k, f)
        h = float(q)
        hi.append(h)
        lo.append(float(q - Fraction(h)))
    return np.array(hi[::-1]), np.array(lo[::-1])


_COS_DD_HI, _COS_DD_LO = _cos_coefs()   # float64 arrays (a run-time indexed tuple is copied to the stack)


@helper
def _cos_dd(a):
    """cos(a) for a double 0 <= a <= pi as a double-double: the Taylor series in a^2 = yh + yl (25 terms,
    the last below 1e-37) by Horner's scheme in double-double arithmetic (absolute error ~1e-31)."""
    yh = a * a
    yl = two_prod_err(a, a, yh)
    ch = _COS_DD_HI[0]
    cl = _COS_DD_LO[0]
    k = 1
    while k < 25:
        # (ch + cl)(yh + yl) + c_k, renormalized
        p = ch * yh
        pe = two_prod_err(ch, yh, p) + (ch * yl + cl * yh)
        c = _COS_DD_HI[k]
        sh = p + c
        se = two_sum_err(p, c, sh) + (pe + _COS_DD_LO[k])
        ch = sh + se
        cl = se - (ch - sh)
        k += 1
    return ch, cl


@helper
def _herm_xi_dd(ax, n, m):
    """The Airy phase xi = mu^2 w(t), w = (arccos t - t sqrt(1 - t^2))/2, t = ax/sqrt((4n+2)/m) < 1, as a
    double-double (relative error ~1e-30 where 1 - t >~ 1e-10): t from the exact residuals of the square
    root and the division; arccos t_h corrected by (cos(phi_h) - t_h)/sin(phi_h) with cos(phi_h) in
    double-double (_cos_dd); w(t_h + t_l) = w(t_h) - sqrt(1 - t_h^2) t_l."""
    v = (4.0 * n + 2.0) * (0.5 if m == 2.0 else 1.0)   # exact
    rh = math.sqrt(v)
    rl = fma(-rh, rh, v) / (2.0 * rh)                    # sqrt(v) = rh + rl
    th = ax / rh
    tl = (fma(-th, rh, ax) - th * rl) / rh              # t = th + tl
    ph = math.acos(th)
    ch, cl = _cos_dd(ph)
    p = th * th
    yh = 1.0 - p
    ye = two_sum_err(1.0, -p, yh) - two_prod_err(th, th, p)   # 1 - th^2 = yh + ye
    y2 = yh + ye
    ye = ye - (y2 - yh)                                  # renormalized (ye can be ~1e-8 of yh near t = 1)
    yh = y2
    sh = math.sqrt(yh)
    sl = (fma(-sh, sh, yh) + ye) / (2.0 * sh)            # sin(phi) = sqrt(1 - th^2) = sh + sl
    dp = ((ch - th) + cl) / sh                           # arccos(th) = ph + dp (first order; dp ~ ulp)
    qh = th * sh
    ql = two_prod_err(th, sh, qh) + th * sl              # th sqrt(1 - th^2) = qh + ql
    a = ph - qh
    lo = two_sum_err(ph, -qh, a) + ((dp - ql) - 2.0 * sh * tl)   # 2 w: its t-derivative -2 sqrt(1 - t^2)
    wh = a + lo
    wl = lo - (wh - a)                                   # 2 w = wh + wl
    mu2 = 2.0 * n + 1.0
    xh = mu2 * (0.5 * wh)
    xl = two_prod_err(mu2, 0.5 * wh, xh) + mu2 * (0.5 * wl)
    return xh, xl


@helper
def _hermite_asy(x, n, m, dd):
    """+-inf where |p_n(x)| provably exceeds DBL_MAX and its sign is certain (n >= _HERM_ASY_N0_*,
    x finite); nan where not decided (x at a zero, within the error band): the caller runs the recurrence.
    dd = 1 (second pass, only where the first left the sign open and n is large): the phase of the
    oscillatory side far from the turning point (sigma < -8) in double-double (_herm_xi_dd), so that
    its rounding (about 5 ulp of mu^2 in the first pass: a band of 4e-5 of the x at n = 2**31)
    no longer counts; the band is then the expansion's error alone.
    """
    ax = abs(x)
    mu2 = 2.0 * n + 1.0
    t = ax / math.sqrt((4.0 * n + 2.0) * (0.5 if m == 2.0 else 1.0))
    if t < 1.0:
        # oscillatory side: w = (u - sin u)/4, u = 2 arccos t (the series where u - sin u cancels)
        u = 2.0 * math.acos(t)
        den = (1.0 - t) * (1.0 + t)
        sg = -1.0
    else:
        # beyond the turning point: w = (sinh u - u)/4, u = 2 arccosh t
        u = 2.0 * math.acosh(t)
        den = (t - 1.0) * (t + 1.0)
        sg = 1.0
    u2 = u * u
    if u < 0.5:
        # u^3/6 + sg u^5/120 + ... (alternating inside, all positive outside): 7 terms, error < 1e-18 relative
        w = 0.25 * u * u2 * (1.0 / 6.0 + sg * u2 * (1.0 / 120.0 + sg * u2 * (1.0 / 5040.0 + sg * u2 * (
            1.0 / 362880.0 + sg * u2 * (1.0 / 39916800.0 + sg * u2 * (1.0 / 6227020800.0 + sg * u2 * (
                1.0 / 1307674368000.0)))))))
    elif sg < 0.0:
        w = 0.25 * (u - math.sin(u))
    else:
        w = 0.25 * (math.sinh(u) - u)
    xi = mu2 * w                                  # the Airy phase (2/3)|sigma|^(3/2)
    lmu2 = math.log(mu2)
    if den > 1e-8:
        lphi = 0.25 * math.log((1.5 * w) ** (2.0 / 3.0) / den)
    else:
        lphi = -_LN2 / 6.0                        # the limit at t = 1 (zeta/(t^2 - 1) -> 2^(-2/3)), O(1e-8) off
    base = (0.5 * n * math.log(m) + 0.5 * mu2 * t * t + _LOG_2SQRTPI + lmu2 / 6.0
            - 0.25 * (mu2 + 1.0) * _LN2 - 0.25 * mu2 + 0.25 * (mu2 - 1.0) * lmu2 + lphi)
    sigma = sg * (1.5 * xi) ** (2.0 / 3.0)
    q = math.exp(lmu2 / 3.0)                      # mu^(2/3), for the error bounds only
    sgn = 1.0
    if x < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        sgn = -1.0                                # p_n(-x) = (-1)^n p_n(x)
    if sigma > 2.0:
        # Ai(sigma) > 0 and >= e^(-xi)/(2 sqrt(pi) sigma^(1/4)) (1 - 5/(72 xi)) (DLMF 9.7(iv): the first
        # neglected term bounds the remainder); relative error of the expansion and of the phase's rounding
        er = 0.25 * (1.0 / mu2 + 1.0 / (mu2 * q * q)) + 1.5 * xi * 2.0 ** -48
        la = -xi - _LOG_2SQRTPI - 0.25 * math.log(sigma) + math.log(1.0 - 5.0 / (72.0 * xi))
        if er < 0.5 and base + la + math.log(1.0 - er) > _LOG_DBL_MAX_M:
            return sgn * _INF
        return math.nan
    s = -sigma if sigma < -1.0 else 1.0
    mb = 1.0
    nb = 1.0
    if sigma < 0.0:
        r = math.sqrt(math.sqrt(s))
        mb = 1.0 / r
        nb = r
    # absolute error bound in units of Ai: the expansion (0.25 (M/mu^2 + N/mu^(8/3))) and the phase's
    # rounding (t, w and sigma to a few ulp: about 10 ulp of mu^2 in the phase, 2**-48 mu^2 allowed)
    if dd == 1 and sigma < -8.0 and 1.0 - t > 1e-10:
        # the second pass: Ai(sigma) = s^(-1/4)/sqrt(pi) (uf cos(xi - pi/4) + ug sin(xi - pi/4)) as in airy_ai
        # (Cephes' rationals in 1/xi), with the double-double phase; the error bound the expansion's, the
        # rationals' (2**-50 of M) and the double-double phase's (2**-80 mu^2; measured 1.2e-28 mu^2)
        xh, xl = _herm_xi_dd(ax, n, m)
        zi = 1.0 / xh
        zz = zi * zi
        uf = 1.0 + zz * polevl(zz, _AFN) / p1evl(zz, _AFD)
        ug = zi * polevl(zz, _AGN) / p1evl(zz, _AGD)
        a = _hankel_phase(xh, xl, 1.0, uf, -ug) * (0.5641895835477563 * mb)
        e = 0.25 * (mb / mu2 + nb / (mu2 * q * q)) + (2.0 ** -50 + 2.0 ** -80 * mu2) * mb
    else:
        e = 0.25 * (mb / mu2 + nb / (mu2 * q * q)) + 2.0 ** -48 * (mu2 * mb + q * q * nb)
        a = airy_ai(sigma)
    aa = abs(a) - e
    if aa > 0.0 and base + math.log(aa) > _LOG_DBL_MAX_M:
        if a < 0.0:
            return -sgn * _INF
        return sgn * _INF
    return math.nan


@helper
def _hermite(x, n, m):
    if -_HERM_HALF_X <= x <= _HERM_HALF_X and 2.0 <= n <= _HORNER_MAX and math.floor(n) == n:
        # the common cases first (|x| <= 20, 2 <= n <= 128 integral), no other checks needed
        if x < -_HERM_TINY or x > _HERM_TINY:
            return _hermite_prod(x, n, m)    # 2**-40 < |x| <= 20: compensated product over the zeros
        # |x| <= 2**-40: Horner on exact tables (exact at x = 0: ties there rounded right)
        if x == 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
            return _odd_zero(x, n)  # odd polynomial at +-0: an exact signed zero
        if n <= 5.0:
            return _hermite_small(x, n, m)  # degree <= 5: closed form in double-double (no tables)
        if n <= _HERM_Y_MAX:
            return _hermite_ysmall(x, n, m)  # compensated Horner in y = 2m x^2 (no w-form set-up)
        return _hermite_horner(x, n, m)
    st = _degree_status(x, n)
    if st == 1:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return m * x
    ax = abs(x)
    # (n <= 128 with |x| <= 20 never gets here: the first block took every such n >= 2; one inlined copy
    # of the Horner and half-step paths each keeps the loop smaller)
    if ax > _HUGE:
        # p_n = (m x)^n (1 + O(n^2/x^2)): n = 2 is m^2 x^2 to the last bit, n >= 3 overflows
        if n == 2.0:
            return m * m * x * x
        return _inf_power(x, n)
    if ax == 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(x, n)  # odd polynomial at +-0: an exact signed zero
    if n > 16.0:
        # beyond the largest zero: |p_n(x)| certainly overflows -> +-inf without the O(n) loop
        # zeros: H_n in |x| < sqrt(2n+1) (Szego 6.2, 6.32), He_n in |x| < sqrt(4n+2); z = (4n + 2)/m
        # exactly, as a product (a run-time division would put a raise path in the loop)
        z = (4.0 * n + 2.0) * (0.5 if m == 2.0 else 1.0)
        d = x * x - z
        if d > z * 1e-12:
            # p_n = c prod (x - x_k), zeros in pairs +-x_k: |p_n| >= m^n (x^2 - z)^floor(n/2) |x|^(n mod 2)
            h = math.floor(0.5 * n)
            lb = n * math.log(m) + h * math.log(d) + (n - 2.0 * h) * math.log(ax)
            if lb > 710.5:   # > log(DBL_MAX) = 709.78 with a margin for the bound's own roundings
                return _inf_power(x, n)
    if n >= (_HERM_ASY_N0_H if m == 2.0 else _HERM_ASY_N0_HE):
        # the value overflows everywhere but next to a zero: its sign from the Airy-type expansion, O(1)
        # where undecided and the recurrence would be long (n > 65536), a second pass with the phase in
        # double-double (one call site: the helper and airy_ai are inlined into the loop once)
        dd = 0
        while dd < 2:
            v = _hermite_asy(x, n, m, dd)
            if v == v:
                return v
            dd += 1 if n > 65536.0 else 2
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    mx = m * x  # exact (m = 1 or 2): p_{k+1} = (m x) p_k - (m k) p_{k-1}
    a = 1.0
    b = mx
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = m * float(k)
        # q + qe = (m x) b, v + ve = (m k) a exactly
        q = mx * b
        qe = two_prod_err(mx, b, q)
        v = fk * a
        ve = two_prod_err(fk, a, v)
        # r + re = q - v exactly
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        # the error sequence: eb enters last (one multiply-add of latency per step)
        e = mx * eb + (((qe - ve) + re) - fk * ea)
        a = b
        ea = eb
        b = r
        eb = e
        if abs(b) > _UP:
            # rescale by 2**-400 (exact)
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


# float32 loop (f32_kernel=): the even/odd halves of the Hermite recurrence in plain doubles.
# He_{2j+o}(x) = x^o q_j(x^2) with q_j = (-2)^j j! L_j^(o - 1/2)(x^2/2) (DLMF 18.7.19-20), so the Laguerre
# recurrence (DLMF 18.9.13) gives q_{j+1} = (u - (4j + 1 + 2o)) q_j - 2j(2j - 1 + 2o) q_{j-1}, u = x^2,
# q_0 = 1, q_1 = u - 1 - 2o; H_n(x) = 2^(n/2) He_n(sqrt2 x): u = 2x^2 and the factor 2^ceil(n/2) (with
# x^o, exact).  Half the steps of the recurrence, each one fma deep; stable like it (errors measured
# far below a float32 ulp of the envelope: no misrounded float32 in 8e6 points, |x| <= 6, n <= 100).
_HF32_MAX_N = 128.0
_HF32_MAX_X = 8.0
_HF32_SC = np.array([math.ldexp(1.0, (k + 1) // 2) for k in range(129)])   # 2^ceil(n/2) (H)


@helper
def _hermite_f32(x, n, m):
    """H_n (m = 2) or He_n (m = 1) for the float32 loop: |x| <= 8, 0 <= n <= 128 integral by the
    half-step recurrence above (plain doubles), else the float64 kernel.

    Run from both ends at once (the forward chain from (q_1, q_0), the backward row of the
    transfer-matrix product, l_{g-1} = (u - c1_{g-1}) l_g - c2_g l_{g+1}, from (1, 0) or
    (u - c1_{h-1}, 1), floor((h - 1)/2) steps each,
    x^o q_h = x^o (l_k q_k - c2_k l_{k+1} q_{k-1}) in one fma): two independent chains of one fma
    each per step instead of one chain of h - 1."""
    if -_HF32_MAX_X <= x <= _HF32_MAX_X and 0.0 <= n <= _HF32_MAX_N and math.floor(n) == n:
        nn = int(n)
        o = nn & 1
        h = nn >> 1
        u = m * (x * x)
        steps = (h - 1) >> 1
        k = 1 + steps
        ev = 1 - (h & 1)
        fe = float(ev)
        top = h - ev
        b = u - _HH_C1[o, 0]
        a = 1.0
        lb = fe * (u - _HH_C1[o, (h - 1) & 63]) + (1.0 - fe)   # even h: l_{h-1} = u - c1_{h-1}, odd: 1
        la = fe                                                 # even h: l_h = 1, odd: l_{h+1} = 0
        i = 0
        while i < steps:
            # b' = (u - c1_j) b - c2_j a and l' = (u - c1_{g-1}) l - c2_g l_prev, g = top - i, each one
            # fma (two_prod_err(p, q, r) = fma(p, q, -r)); the c2 products are off the chains
            j = 1 + i
            r = two_prod_err(u - _HH_C1[o, j], b, _HH_C2[o, j] * a)
            a = b
            b = r
            g = (top - i) & 127                                 # 1..64 (>= 0 for the compiler)
            r = two_prod_err(u - _HH_C1[o, g - 1], lb, _HH_C2[o, g] * la)
            la = lb
            lb = r
            i += 1
        w = two_prod_err(lb, b, (_HH_C2[o, k] * la) * a)
        w = w if h >= 1 else 1.0         # n = 0, 1: q_0 = 1
        v = x if o == 1 else 1.0         # odd n: times x (a select; +-0 keeps the sign of an odd zero)
        sc = _HF32_SC[nn] if m == 2.0 else 1.0
        return (w * v) * sc
    return _hermite(x, n, m)


@helper
def _herm_h_f32(x, n):
    return _hermite_f32(x, n, 2.0)


@helper
def _herm_he_f32(x, n):
    return _hermite_f32(x, n, 1.0)


_HERMITE_NOTE = r"""

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  For ``|x| <= 20``, ``n <= 128`` the product over its zeros (stored to
    double-double, run compensated: each factor exact, so correctly rounded in practice, also
    next to a zero; ``|x| <= 2**-40`` Horner's scheme on exact coefficient tables, DLMF 18.5.13);
    from ``n = 271``
    (:math:`H`) / ``304`` (:math:`He_n`) every value off the zeros overflows and its sign
    comes from the uniform Airy-type expansion (DLMF 12.10.35): ``+-inf`` in O(1) (about
    0.2 us, any degree), the recurrence only within the expansion's error band of a zero;
    otherwise the compensated recurrence with rescaling (O(n); beyond the largest zero,
    where a lower bound shows that the value overflows, ``+-inf`` at once; degrees above
    2**32 that would need the recurrence give nan),
    accurate to an ulp of the envelope :math:`\sqrt{2^n n!}\,e^{x^2/2}`; values past the
    float64 range are ``+-inf`` (torch gives nan)."""


@defun(
    "hermite_polynomial_h",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_herm_h_f32,  # for the float32 loop: the half-step recurrence in plain doubles
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: 2.0 * n * ns.hermite_polynomial_h(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Physicists' Hermite polynomial :math:`H_n(x)`.

    :math:`H_{n+1} = 2x H_n - 2n H_{n-1}`, :math:`H_n' = 2n H_{n-1}` (DLMF 18.9.1, 18.9.25).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_h(1.0, 3.0))
    -4.0
    """,
)
def hermite_polynomial_h(x, n):
    if (x < -_HERM_TINY or x > _HERM_TINY) and -_HERM_HALF_X <= x <= _HERM_HALF_X and 2.0 <= n <= _HORNER_MAX and \
            math.floor(n) == n:
        # the common case (2**-40 < |x| <= 20, 2 <= n <= 128 integral) straight to the product over the
        # zeros, the same call as in _hermite, without its frame (one call level, m a constant)
        return _hermite_prod(x, n, 2.0)
    return _hermite(x, n, 2.0)


@defun(
    "hermite_polynomial_he",
    sigs=("ff->f", "dd->d"),
    inline=True,
    f32_kernel=_herm_he_f32,  # for the float32 loop: the half-step recurrence in plain doubles
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: n * ns.hermite_polynomial_he(x, n - 1.0), "n": NONDIFF},
    doc=r"""
    Probabilists' Hermite polynomial :math:`He_n(x) = 2^{-n/2} H_n(x/\sqrt2)`.

    :math:`He_{n+1} = x He_n - n He_{n-1}`, :math:`He_n' = n He_{n-1}` (DLMF 18.9.1).""" + _HERMITE_NOTE + r"""

    Examples
    --------
    >>> import specfun
    >>> float(specfun.hermite_polynomial_he(2.0, 3.0))
    2.0
    """,
)
def hermite_polynomial_he(x, n):
    if (x < -_HERM_TINY or x > _HERM_TINY) and -_HERM_HALF_X <= x <= _HERM_HALF_X and 2.0 <= n <= _HORNER_MAX and \
            math.floor(n) == n:
        # the common case (2**-40 < |x| <= 20, 2 <= n <= 128 integral) straight to the product over the
        # zeros, the same call as in _hermite, without its frame (one call level, m a constant)
        return _hermite_prod(x, n, 1.0)
    return _hermite(x, n, 1.0)


# --------------------------------------------------------------------------
# Gegenbauer C_n^(a) (Legendre is a = 1/2) and generalized Laguerre L_n^(a) (Laguerre is a = 0):
# (k+1) p_{k+1} = (u_k) p_k - c_k p_{k-1}, with the division compensated by its exact remainder

_GRID30 = 6291456.0                             # 1.5 * 2**22: (a + this) - this rounds a to the grid 2**-30
_INV_K = 1.0 / np.arange(1.0, 4098.0)             # _INV_K[k] = 1/(k + 1), correctly rounded (IEEE division)


@helper
def _rec_div(x, n, alpha, lag, p1h, p1l):
    """Compensated recurrence (k+1) p_{k+1} = u_k p_k - c_k p_{k-1}, p_0 = 1, p_1 = p1h + p1l.

    Gegenbauer (lag = 0): u_k = 2(k+a) x,       c_k = k + 2a - 1   (DLMF 18.9.1, table 18.9.1)
    Laguerre   (lag = 1): u_k = 2k + a + 1 - x, c_k = k + a        (DLMF 18.9.1, table 18.9.1)
    """
    a = 1.0
    b = p1h
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    # a = ah + al with ah on the grid 2**-30 (|a| < 2**20, n < 2**21): k + ah, 2k + 1 + ah and k - 1 + 2ah
    # are then exact, so the coefficients are (k + ah, al) without a TwoSum; |al| <= 2**-31 is not a
    # double-double tail, so the error terms are ~2**-31 relative and their second-order products with
    # the coefficients' tails are kept below
    grid = abs(alpha) < 1048576.0 and n < 2097152.0
    ah = (alpha + _GRID30) - _GRID30
    al = alpha - ah
    while k < nn:
        fk = float(k)
        if grid:
            if lag:
                # u = (2k + 1 + ah - x) + al,  c = (k + ah) + al
                uh, ul = _two_sum(2.0 * fk + 1.0 + ah, -x)
                ul += al
                ck = fk + ah
                cl = al
            else:
                # u = 2(k + ah) x + 2 al x,  c = (k - 1 + 2ah) + 2al
                gh = fk + ah
                uh, ul = _two_prod(2.0 * gh, x)
                ul += 2.0 * al * x
                ck = (fk - 1.0) + 2.0 * ah
                cl = 2.0 * al
        elif lag:
            # the coefficients are formed exactly as double-doubles (a need not be a small dyadic)
            # u = (2k + 1 + a) - x,  c = k + a
            gh, gl = _two_sum(2.0 * fk + 1.0, alpha)
            uh, ul = _two_sum(gh, -x)
            ul += gl
            ck, cl = _two_sum(fk, alpha)
        else:
            # u = 2(k + a) x,  c = (k - 1) + 2a
            gh, gl = _two_sum(fk, alpha)
            uh, ul = _two_prod(2.0 * gh, x)
            ul += 2.0 * gl * x
            ck, cl = _two_sum(fk - 1.0, 2.0 * alpha)
        # q + qe = u b (exact up to the second-order low-part products)
        q, qe = _two_prod(uh, b)
        qe += ul * b
        v, ve = _two_prod(ck, a)
        ve += cl * a
        r, re = _two_sum(q, -v)
        # divide by k + 1: w = r (1/(k+1)) (within 2 ulps of r/(k+1); one division, off the chain),
        # the remainder r - w (k+1) is exact (r - ph by Sterbenz)
        d = fk + 1.0
        inv = _INV_K[k] if k < 4096 else 1.0 / d    # 1/(k+1) correctly rounded either way
        w = r * inv
        ph, pl = _two_prod(w, d)
        rem = (r - ph) - pl
        e = (uh * inv) * eb + (((((qe - ve) + re) + rem) - ck * ea) + (ul * eb - cl * ea)) * inv
        a = b
        b = w
        ea = eb
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps (keeps the compensation second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


@helper
def _legendre_rec(x, n):
    """P_n(x), n >= 2, by (k+1) P_{k+1} = (2k+1) x P_k - k P_{k-1}, compensated.

    Every product error is exact (two_prod_err: one fma where the target has it); the
    division by k+1 is a multiplication by its reciprocal (off the critical path) whose
    exact remainder goes into the error term.
    """
    a = 1.0
    b = x
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b exactly
        t = x * b
        te = two_prod_err(x, b, t)
        # u + ue = (2k+1)(t + te) (to second order)
        u = f2 * t
        ue = two_prod_err(f2, t, u) + f2 * te
        # v + ve = k*a exactly
        v = fk * a
        ve = two_prod_err(fk, a, v)
        # r + re = u - v exactly
        r = u - v
        bb = r - u
        re = (u - (r - bb)) + (-v - bb)
        # w ~ r/(k+1); r - w(k+1) = rem exactly
        w = r * inv
        p = w * d
        pe = two_prod_err(w, d, p)
        rem = (r - p) - pe
        # the error sequence; eb enters last (the factor (2k+1)x/(k+1) is formed off the chain)
        e = ((f2 * x) * inv) * eb + ((((ue - ve) + re) + rem) - fk * ea) * inv
        a = b
        ea = eb
        b = w
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


@helper
def _laguerre_rec(x, n, p1h, p1l):
    """L_n(x), n >= 2, by (k+1) L_{k+1} = (2k+1) L_k - x L_k - k L_{k-1}, compensated.

    Same scheme as _legendre_rec; L_1 = 1 - x enters as the double-double p1h + p1l.
    """
    a = 1.0
    b = p1h
    ea = 0.0
    eb = p1l
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        f2 = 2.0 * fk + 1.0
        d = fk + 1.0
        inv = 1.0 / d
        # t + te = x*b, u + ue = (2k+1) b, v + ve = k a, all exact
        t = x * b
        te = two_prod_err(x, b, t)
        u = f2 * b
        ue = two_prod_err(f2, b, u)
        v = fk * a
        ve = two_prod_err(fk, a, v)
        # r1 + re1 = u - t, r + re = r1 - v, exactly
        r1 = u - t
        bb = r1 - u
        re1 = (u - (r1 - bb)) + (-t - bb)
        r = r1 - v
        bb = r - r1
        re = (r1 - (r - bb)) + (-v - bb)
        w = r * inv
        p = w * d
        pe = two_prod_err(w, d, p)
        rem = (r - p) - pe
        e = ((f2 - x) * inv) * eb + (((((ue - te) - ve) + (re1 + re)) + rem) - fk * ea) * inv
        a = b
        ea = eb
        b = w
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        if (k & 63) == 0:
            # fold the error terms back in every 64 steps, so that the carried sequence
            # never drifts far from the true one (the compensation stays second order)
            b, eb = _two_sum(b, eb)
            a, ea = _two_sum(a, ea)
        k += 1
    return _scale_back(b + eb, s)


@helper
def _legendre_monic(x, n):
    """P_n(x) = c_n R_n for 2 <= n <= 128, R_{k+1} = x R_k - beta_k R_{k-1} (monic form), compensated.

    beta_k = k^2/(4k^2 - 1) and c_n = (2n)!/(2^n n!^2) come from double-double tables; no
    division in the loop, so about half the work of the (k+1)-normalized recurrence.
    """
    a = 1.0
    b = x
    ea = 0.0
    eb = 0.0
    s = 0
    k = 1
    nn = int(n)
    # |R_{k+1}| <= (|x| + 1/3) max(|R_k|, |R_{k-1}|): for |x| <= 2**100 four steps cannot go from
    # 2**400 to overflow, so the rescaling test runs every fourth step only
    mask = 3 if abs(x) <= 1.2676506002282294e30 else 0
    while k < nn:
        gh = _LEG_BETA_S[k]
        gl = _LEG_BETA_T[k]
        # q + qe = x*b exactly
        q = x * b
        qe = two_prod_err(x, b, q)
        # v + ve = beta_k a: gh a exactly, the rest of beta_k (gl ~ 2**-27 gh) enters the error
        # sequence as gl*a
        v = gh * a
        ve = two_prod_err(gh, a, v) + gl * a
        # r + re = q - v exactly
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        # the error sequence (its terms are ~2**-27 of the values now: it needs beta_k, not its head)
        e = x * eb + (((qe - ve) + re) - (gh + gl) * ea)
        a = b
        ea = eb
        b = r
        eb = e
        if (k & mask) == 0 and abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        k += 1
    b, eb = _two_sum(b, eb)
    rh, rl = _dd_mul(b, eb, _LEG_LEAD_HI[nn], _LEG_LEAD_LO[nn])
    return _scale_back(rh + rl, s)


@helper
def _laguerre_monic(x, n):
    """L_n(x) = (-1)^n R_n / n! for 2 <= n <= 128, R_{k+1} = (x - 2k - 1) R_k - k^2 R_{k-1}, compensated.

    R_0 = 1, R_1 = x - 1 (monic Laguerre, DLMF 18.9.1 rescaled); integer coefficients, no
    division in the loop; 1/n! from a double-double table.
    """
    b, eb = _two_sum(x, -1.0)
    a = 1.0
    ea = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        fk = float(k)
        k2 = fk * fk
        # uh + ul = x - (2k + 1) exactly
        uh, ul = _two_sum(x, -(2.0 * fk + 1.0))
        # q + qe = (uh + ul) b (exact up to ul*b's rounding)
        q = uh * b
        qe = two_prod_err(uh, b, q) + ul * b
        # v + ve = k^2 a exactly
        v = k2 * a
        ve = two_prod_err(k2, a, v)
        r = q - v
        bb = r - q
        re = (q - (r - bb)) + (-v - bb)
        e = uh * eb + (((qe - ve) + re) - k2 * ea)
        a = b
        ea = eb
        b = r
        eb = e
        if abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        k += 1
    b, eb = _two_sum(b, eb)
    rh, rl = _dd_mul(b, eb, _INV_FACT_HI[nn], _INV_FACT_LO[nn])
    if nn - 2 * (nn // 2) == 1:
        rh = -rh
        rl = -rl
    return _scale_back(rh + rl, s)


_LAG_C = np.array([2.0 * k + 1.0 for k in range(_MONIC_MAX + 1)])   # 2k + 1 (monic Laguerre, table: no conversions)
_LAG_K2 = np.array([float(k * k) for k in range(_MONIC_MAX + 1)])     # k^2


@helper
def _laguerre_monic_grid(x, n):
    """_laguerre_monic for |x| < 2**10: x = xg + xl with xg on the grid 2**-41, so xg - (2k + 1) is
    exact (k < 128) and the coefficient's tail is the constant xl (no TwoSum per step; its product
    with R_k enters the error sequence to first order).  The rescaling test runs every fourth step:
    |R_{k+1}| <= (|x| + 2k + 1 + k^2) max(|R_k|, |R_{k-1}|) < 2**15 max(...), so four steps cannot
    go from 2**400 to overflow.  A step is latency-bound (a multiply and a subtraction); bitwise
    identical to _laguerre_monic on 1.2e6 points (x in (-1000, 1000), n <= 128).
    """
    xg = (x + _GRID41) - _GRID41    # exact rounding to the grid 2**-41 (|x| < 2**10)
    xl = x - xg                     # exact
    b = xg - 1.0                    # R_1 = x - 1: exact on the grid, the tail in eb
    eb = xl
    a = 1.0
    ea = 0.0
    s = 0
    k = 1
    nn = int(n)
    while k < nn:
        k2 = _LAG_K2[k]
        # uh = xg - (2k + 1) exactly; q + qe = uh b exactly, the tail xl b below
        uh = xg - _LAG_C[k]
        q = uh * b
        qe = two_prod_err(uh, b, q)
        # v + ve = k^2 a exactly
        v = k2 * a
        ve = two_prod_err(k2, a, v)
        r = q - v
        re = two_sum_err(q, -v, r)
        e = uh * eb + ((((qe - ve) + re) + xl * b) - k2 * ea)
        a = b
        ea = eb
        b = r
        eb = e
        if (k & 3) == 0 and abs(b) > _UP:
            a *= _DOWN
            b *= _DOWN
            ea *= _DOWN
            eb *= _DOWN
            s += 1
        k += 1
    b, eb = _two_sum(b, eb)
    rh, rl = _dd_mul(b, eb, _INV_FACT_HI[nn], _INV_FACT_LO[nn])
    if nn - 2 * (nn // 2) == 1:
        rh = -rh
        rl = -rl
    return _scale_back(rh + rl, s)


_LAG_MID_X = 200.0   # |x| <= this, n <= 128: _laguerre_mid (each half <= 64 steps of growth <= 2**14.1: < 2**900)


@helper
def _laguerre_mid(x, n):
    """L_n(x) = (-1)^n R_n / n!, 2 <= n <= 128, |x| <= 200: the monic recurrence run from both ends
    at once (two independent dependency chains, so a step costs about half the latency).

    Forward: R_{k+1} = u_k R_k - k^2 R_{k-1}, u_k = x - 2k - 1, R_0 = 1, R_1 = x - 1, up to R_m, m = n//2.
    Backward (the last row of the transfer-matrix product M_{n-1} ... M_m, M_k = [[u_k, -k^2], [1, 0]]):
    S_k = u_k S_{k+1} - (k+1)^2 S_{k+2}, S_n = 1, S_{n+1} = 0, down to S_m; then
    R_n = S_m R_m - m^2 S_{m+1} R_{m-1}.  Both chains run compensated as _laguerre_monic_grid (x on
    the grid 2**-41, exact products and sums, error sequences alongside) and are combined in
    double-double.  No rescaling: |R_k|, |S_k| < 2**900 here; the kernel returns nan (the caller
    then runs _laguerre_monic_grid) if a half exceeds 2**500, where the products could overflow.
    """
    xg = (x + _GRID41) - _GRID41    # exact rounding to the grid 2**-41 (|x| < 2**10)
    xl = x - xg                     # exact
    nn = int(n)
    m = nn >> 1
    # forward: (a, b) = (R_{k-1}, R_k) at k = 1
    b = xg - 1.0
    eb = xl
    a = 1.0
    ea = 0.0
    # backward: (c, d) = (S_{k+2}, S_{k+1}) at k + 1 = n - 1: S_{n-1} = u_{n-1}
    d = xg - (2.0 * nn - 1.0)
    ed = xl
    c = 1.0
    ec = 0.0
    kb = nn - 2
    if (nn & 1) == 1:
        # n odd: one backward step more than forward (n - 1 - m = m)
        uh = xg - _LAG_C[kb]
        k2 = _LAG_K2[kb + 1]
        q = uh * d
        qe = two_prod_err(uh, d, q)
        v = k2 * c
        ve = two_prod_err(k2, c, v)
        r = q - v
        re = two_sum_err(q, -v, r)
        e = fma(uh, ed, fma(-k2, ec, fma(xl, d, (qe - ve) + re)))
        c = d
        ec = ed
        d = r
        ed = e
        kb -= 1
    k = 1
    while k < m:
        # forward step k: R_{k+1} = u_k R_k - k^2 R_{k-1} (compensated as in _laguerre_monic_grid)
        k2 = _LAG_K2[k]
        uh = xg - _LAG_C[k]
        q = uh * b
        qe = two_prod_err(uh, b, q)
        v = k2 * a
        ve = two_prod_err(k2, a, v)
        r = q - v
        re = two_sum_err(q, -v, r)
        e = fma(uh, eb, fma(-k2, ea, fma(xl, b, (qe - ve) + re)))
        a = b
        ea = eb
        b = r
        eb = e
        # backward step kb: S_kb = u_kb S_{kb+1} - (kb+1)^2 S_{kb+2} (independent of the forward chain)
        g2 = _LAG_K2[kb + 1]
        wh = xg - _LAG_C[kb]
        q = wh * d
        qe = two_prod_err(wh, d, q)
        v = g2 * c
        ve = two_prod_err(g2, c, v)
        r = q - v
        re = two_sum_err(q, -v, r)
        e = fma(wh, ed, fma(-g2, ec, fma(xl, d, (qe - ve) + re)))
        c = d
        ec = ed
        d = r
        ed = e
        k += 1
        kb -= 1
    big = max(max(abs(a), abs(b)), max(abs(c), abs(d)))
    if not big <= 3.273390607896142e150:   # 2**500: the products below could overflow
        return math.nan
    # R_n = (d + ed)(b + eb) - m^2 (c + ec)(a + ea) in double-double (first-order tails)
    p1 = d * b
    p1e = two_prod_err(d, b, p1) + (d * eb + ed * b)
    p2 = c * a
    p2e = two_prod_err(c, a, p2) + (c * ea + ec * a)
    fm2 = float(m) * float(m)
    h = fm2 * p2
    he = two_prod_err(fm2, p2, h) + fm2 * p2e
    rh = p1 - h
    rl = two_sum_err(p1, -h, rh) + (p1e - he)
    rh, rl = _two_sum(rh, rl)
    rh, rl = _dd_mul(rh, rl, _INV_FACT_HI[nn], _INV_FACT_LO[nn])
    if (nn & 1) == 1:
        rh = -rh
        rl = -rl
    return rh + rl


@helper
def _gegenbauer(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if n == 1.0:
        return 2.0 * alpha * x
    if x == 0.0 and alpha > 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return _odd_zero(x, n)  # odd C_n (P_n) at +-0: an exact signed zero
    ax = abs(x)
    if ax == _INF or ax > _HUGE:
        if n == 2.0:
            # C_2 = 2a(a+1) x^2 - a
            return 2.0 * alpha * (alpha + 1.0) * x * x - alpha
        if alpha > 0.0:
            return _inf_power(x, n)  # leading coefficient > 0 for a > 0
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.5:
        if n <= _MONIC_MAX:
            return _legendre_monic(x, n)
        return _legendre_rec(x, n)
    # p_1 = 2a x exactly as a double-double
    p1h, p1l = _two_prod(2.0 * alpha, x)
    return _rec_div(x, n, alpha, 0, p1h, p1l)


@helper
def _laguerre(x, n, alpha):
    st = _degree_status(x, n)
    if st == 1 or alpha != alpha:
        return math.nan
    if st == 2:
        return 0.0
    if n == 0.0:
        return 1.0
    if abs(x) == _INF:
        return _inf_power(-x, n)  # leading term (-x)^n / n!
    # p_1 = (a + 1) - x exactly as a double-double (a + 1 itself may round)
    gh, gl = _two_sum(alpha, 1.0)
    p1h, p1l = _two_sum(gh, -x)
    p1l += gl
    if n == 1.0:
        return p1h + p1l
    if abs(x) > _HUGE:
        # leading term (-x)^n / n!; n = 2: x^2/2 - (a+2) x + (a+1)(a+2)/2
        if n == 2.0:
            return 0.5 * x * x - (alpha + 2.0) * x
        return _inf_power(-x, n)
    if alpha == 0.0 and n >= LAG_LARGE_N0 and x >= 0.0 and n <= 1125899906842624.0:  # 2**50
        # O(1): Tricomi's Bessel series, the amplitude-phase expansion, or only the sign where the
        # value overflows (_laguerre_asy); nan next to a zero beyond x = 1500: the recurrence decides
        r = _laguerre_large(x, n)
        if r == r:
            return r
    if n > _MAX_LINEAR:
        return math.nan  # O(n) recurrence: degrees above 2**32 are not evaluated
    if alpha == 0.0:
        if n <= _MONIC_MAX:
            if -1024.0 < x < 1024.0:
                return _laguerre_monic_grid(x, n)  # integer coefficients exact on x's grid (no TwoSum)
            return _laguerre_monic(x, n)
        return _laguerre_rec(x, n, p1h, p1l)
    return _rec_div(x, n, alpha, 1, p1h, p1l)


# float32 loops (f32_kernel=) of the Gegenbauer and generalized Laguerre polynomials: the recurrence in
# plain doubles with the division folded into the coefficients, u_k/(k+1) and c_k/(k+1) (off the chain),
# so a step is one fma deep; measured against the float64 kernel's rounding on 1e6 points per region.

@helper
def _gegenbauer_f32(x, n, alpha):
    """C_n^(a)(x) for the float32 loop: |x| <= 1, 2 <= n <= 256, -1/2 < a <= 50 (x != 0) by the plain
    recurrence, else the float64 kernel."""
    if -1.0 <= x <= 1.0 and 2.0 <= n <= 256.0 and math.floor(n) == n and -0.5 < alpha <= 50.0 and x != 0.0:
        nn = int(n)
        a = 1.0
        b = 2.0 * alpha * x
        tx = 2.0 * x
        k = 1
        while k < nn:
            inv = _INV_K[k]
            fk = float(k)
            # p_{k+1} = (2(k + a) x p_k - (k + 2a - 1) p_{k-1})/(k + 1)
            r = two_prod_err((fk + alpha) * tx * inv, b, ((fk - 1.0) + 2.0 * alpha) * inv * a)
            a = b
            b = r
            k += 1
        return b
    return _gegenbauer(x, n, alpha)


@helper
def _glaguerre_f32(x, n, alpha):
    """L_n^(a)(x) for the float32 loop: |x| <= 200, 2 <= n <= 256, -1/2 <= a <= 50 by the plain recurrence,
    else the float64 kernel."""
    if -200.0 <= x <= 200.0 and 2.0 <= n <= 256.0 and math.floor(n) == n and -0.5 <= alpha <= 50.0:
        nn = int(n)
        a = 1.0
        b = (alpha + 1.0) - x
        k = 1
        while k < nn:
            inv = _INV_K[k]
            fk = float(k)
            # p_{k+1} = ((2k + 1 + a - x) p_k - (k + a) p_{k-1})/(k + 1)
            r = two_prod_err(((2.0 * fk + 1.0 + alpha) - x) * inv, b, (fk + alpha) * inv * a)
            a = b
            b = r
            k += 1
        return b
    return _laguerre(x, n, alpha)


# --------------------------------------------------------------------------
# Legendre of large degree inside (-1, 1): Stieltjes' expansion (tables: tools/gen_legendre_asy.py)

# sin(j/256), cos(j/256), j = 0..402, double-double (mpmath, 300 bits; tools/gen_legendre_asy.py),
# as numpy arrays (a runtime-indexed tuple would be copied to the stack on every call)
_SIN256_HI = np.array((
    0.0, 0.0039062400659001166, 0.0078124205273828315, 0.011718481780940232,
    0.015624364224883372, 0.01953000826025172, 0.02343535429172257, 0.027340342728520383,
    0.03124491398532608, 0.03514900848318622, 0.03905256665042215, 0.042955528923538926,
    0.04685783574813424, 0.05075942757980711, 0.05466024488506646, 0.05856022814223956,
    0.0624593178423802, 0.06635745449017677, 0.07025457860486005, 0.07415063072111083,
    0.07804555138996731, 0.08193928117973213, 0.08583176067687935, 0.08972293048696088,
    0.09361273123551289, 0.09750110356896174, 0.10138798815552964, 0.10527332568613999,
    0.10915705687532236, 0.11303912246211711, 0.11691946321097965, 0.12079801991268428,
    0.12467473338522769, 0.12854954447473196, 0.13242239405634718, 0.1362932230351537,
    0.1401619723470637, 0.14402858295972257, 0.14789299587340962, 0.1517551521219383,
    0.15561499277355603, 0.15947245893184342, 0.16332749173661285, 0.16718003236480675,
    0.17103002203139503, 0.17487740199027219, 0.17872211353515366, 0.18256409800047155,
    0.18640329676226988, 0.19023965123909906, 0.1940731028929098, 0.19790359322994627,
    0.2017310638016388, 0.2055554562054955, 0.20937671208599365, 0.2131947731354699,
    0.21700958109501015, 0.2208210777553385, 0.2246292049577053, 0.22843390459477475,
    0.23223511861151147, 0.23603278900606633, 0.23982685783066157, 0.2436172671924749,
    0.24740395925452294, 0.25118687623654373, 0.2549659604158785, 0.2587411541283521,
    0.2625123997691533, 0.26627963979371355, 0.27004281671858504, 0.2738018731223179,
    0.2775567516463363, 0.2813073949958138, 0.28505374594054744, 0.288795747315831,
    0.29253334202332754, 0.29626647303194026, 0.299995083378683, 0.30371911616954944,
    0.30743851458038085, 0.3111532218577337, 0.3148631813197453, 0.31856833635699866,
    0.3222686304333866, 0.3259640070869742, 0.32965440993086015, 0.33333978265403763,
    0.33702006902225307, 0.3406952128788645, 0.3443651581456984, 0.34802984882390525,
    0.3516892289948141, 0.3553432428207858, 0.35899183454606504, 0.36263494849763117,
    0.36627252908604757, 0.3699045208063098, 0.37353086823869297, 0.37715151604959674,
    0.38076640899239017, 0.3843754919082546, 0.38797870972702503, 0.3915760074680308,
    0.39516733024093426, 0.3987526232465684, 0.4023318317777731, 0.4059049012202299,
    0.40947177705329507, 0.4130324048508319, 0.41658673028204113, 0.4201346991122895,
    0.42367625720393803, 0.4272113505171674, 0.4307399251108032, 0.4342619271431383,
    0.4377773028727551, 0.44128599865934504, 0.4447879609645272, 0.44828313635266553,
    0.4517714714916838, 0.4552529131538796, 0.4587274082167366, 0.4621949036637349,
    0.46565534658516017, 0.469108684178911, 0.47255486375130445, 0.4759938327178802,
    0.479425538604203, 0.48284992904666313, 0.48626695179327556, 0.48967655470447735,
    0.49307868575392305, 0.49647329302927856, 0.49986032473301345, 0.503239729183191,
    0.5066114548142574, 0.5099754501778275, 0.5133316639434712, 0.5166800448994956,
    0.520020541953727, 0.5233531041342903, 0.5266776805903868, 0.52999422059307,
    0.5333026735360201, 0.5366029889363158, 0.5398951164352044, 0.5431790057988708,
    0.5464546069192036, 0.5497218698145597, 0.5529807446305274, 0.5562311816406863,
    0.5594731312473669, 0.5627065439824068, 0.565931370507906, 0.5691475616169792,
    0.5723550682345072, 0.5755538414178853, 0.5787438323577704, 0.5819249923788253,
    0.5850972729404622, 0.5882606256375825, 0.5914150022013163, 0.5945603544997581,
    0.5976966345387015, 0.6008237944623721, 0.6039417865541566, 0.6070505632373322,
    0.6101500770757914, 0.6132402807747664, 0.616321127181551, 0.6193925692862192,
    0.6224545602223437, 0.62550705326771, 0.6285500018450296, 0.6315833595226514,
    0.6346070800152693, 0.6376211171846285, 0.6406254250402305, 0.6436199577400332,
    0.6466046695911524, 0.6495795150505571, 0.652544448725766, 0.6554994253755387,
    0.6584443999105676, 0.6613793273941642, 0.6643041630429463, 0.6672188622275204,
    0.6701233804731629, 0.673017673460499, 0.6759016970261789, 0.6787754071635509,
    0.6816387600233341, 0.6844917119142869, 0.6873342193038735, 0.6901662388189284,
    0.692987727246318, 0.6957986415336003, 0.6985989387896817, 0.7013885762854716,
    0.7041675114545337, 0.7069357018937364, 0.7096931053638997, 0.712439679790439,
    0.7151753832640076, 0.7179001740411366, 0.7206140105448711, 0.7233168513654049,
    0.7260086552607126, 0.7286893811571784, 0.7313589881502236, 0.7340174355049299,
    0.7366646826566614, 0.7393006892116836, 0.7419254149477796, 0.7445388198148641,
    0.7471408639355942, 0.749731507605978, 0.7523107112959804, 0.7548784356501264,
    0.7574346414881015, 0.7599792898053497, 0.7625123417736683, 0.765033758741801,
    0.7675435022360271, 0.7700415339607484, 0.7725278157990745, 0.7750023098134033,
    0.7774649782460008, 0.7799157835195766, 0.7823546882378575, 0.7847816551861582,
    0.7871966473319489, 0.789599627825421, 0.7919905600000485, 0.7943694073731481,
    0.7967361336464357, 0.7990907027065802, 0.8014330786257547, 0.8037632256621846,
    0.806081108260693, 0.8083866910532431, 0.8106799388594784, 0.8129608166872586,
    0.8152292897331944, 0.8174853233831781, 0.8197288832129119, 0.8219599349884332,
    0.8241784446666367, 0.8263843783957945, 0.8285777025160715, 0.8307583835600407,
    0.832926388253192, 0.8350816835144412, 0.8372242364566344, 0.8393540143870498,
    0.8414709848078965, 0.8435751154168105, 0.8456663741073475, 0.8477447289694727,
    0.8498101482900483, 0.8518626005533163, 0.8539020544413806, 0.855928478834684,
    0.8579418428124834, 0.8599421156533218, 0.8619292668354965, 0.8639032660375254,
    0.8658640831386093, 0.8678116882190918, 0.8697460515609156, 0.8716671436480758,
    0.8735749351670711, 0.8754693970073499, 0.8773505002617554, 0.8792182162269665,
    0.8810725164039352, 0.8829133724983225, 0.884740756420929, 0.8865546402881246,
    0.888354996422273, 0.8901417973521548, 0.8919150158133861, 0.8936746247488347,
    0.8954205973090336, 0.8971529068525892, 0.8988715269465893, 0.9005764313670059,
    0.9022675940990952, 0.9039449893377943, 0.905608591488116, 0.907258375165538,
    0.9088943151963913, 0.9105163866182439, 0.9121245646802812, 0.9137188248436852,
    0.9152991427820066, 0.9168654943815386, 0.9184178557416826, 0.9199562031753141,
    0.9214805132091443, 0.9229907625840772, 0.9244869282555656, 0.925968987393962,
    0.9274369173848677, 0.9288906958294767, 0.9303303005449188, 0.9317557095645973,
    0.9331669011385242, 0.9345638537336522, 0.9359465460342037, 0.9373149569419951,
    0.9386690655767598, 0.9400088512764658, 0.941334293597632, 0.9426453723156392,
    0.943942067425039, 0.9452243591398598, 0.9464922278939074, 0.9477456543410647,
    0.9489846193555862, 0.9502091040323901, 0.9514190896873468, 0.9526145578575638,
    0.9537954903016678, 0.9549618690000825, 0.9561136761553041, 0.9572508941921726,
    0.9583735057581397, 0.9594814937235343, 0.9605748411818232, 0.9616535314498694,
    0.9627175480681864, 0.9637668748011899, 0.964801495637445, 0.9658213947899105,
    0.9668265566961802, 0.9678169660187202, 0.9687926076451028, 0.9697534666882369,
    0.970699528486596, 0.9716307786044408, 0.9725472028320404, 0.9734487871858886,
    0.9743355179089173, 0.9752073814707066, 0.9760643645676915, 0.9769064541233642,
    0.9777336372884741, 0.9785459014412238, 0.9793432341874616, 0.980125623360871,
    0.9808930570231557, 0.9816455234642222, 0.9823830112023585, 0.983105508984409,
    0.9838130057859464, 0.9845054908114401, 0.9851829534944205, 0.9858453834976407,
    0.9864927707132337, 0.9871251052628672, 0.987742377497894, 0.988344577999499,
    0.9889316975788438, 0.9895037272772058, 0.9900606583661156, 0.99060248234749,
    0.9911291909537616, 0.9916407761480053, 0.9921372301240603, 0.9926185453066497,
    0.9930847143514961, 0.9935357301454335, 0.9939715858065156, 0.9943922746841213,
    0.9947977903590559, 0.9951881266436493, 0.9955632775818498, 0.9959232374493159,
    0.9962680007535027, 0.9965975622337464, 0.9969119168613444, 0.9972110598396317,
    0.9974949866040544, 0.9977636928222396, 0.9980171743940611, 0.9982554274517018,
    0.9984784483597131, 0.9986862337150706, 0.9988787803472252, 0.9990560853181523,
    0.999218145922396, 0.9993649596871111, 0.9994965243721002, 0.9996128379698479,
    0.9997138987055519, 0.9997997050371497, 0.9998702556553423, 0.9999255494836139,
    0.9999655856782489, 0.9999903636283441, 0.9999998829558185,
))
_SIN256_LO = np.array((
    0.0, -3.1665586676345247e-20, -4.102755709382617e-19, -4.708420289286815e-19,
    -1.2650937552759816e-19, 1.1438544107404196e-18, 1.0500785515068913e-19, 1.6233486832053267e-18,
    -1.562781562225433e-18, 2.9768520704002797e-18, 1.1342467037138512e-18, 3.1960376492493413e-18,
    -2.3419368365610254e-18, -1.2491834866943993e-18, 3.373831935351774e-19, -7.380681040276423e-19,
    -2.040259504585711e-18, -6.712995369633956e-18, -6.773890900301373e-18, -9.581917222758737e-19,
    -5.449443782005793e-18, 4.9855060543692214e-18, -3.490037167231825e-18, -1.9412428558534805e-18,
    1.4628632005878733e-18, 7.28719764374802e-19, 3.99242856835807e-18, 4.329534616971631e-18,
    6.6284699502736666e-18, -4.257891452909752e-19, -2.283412536970096e-18, 1.0476353789166046e-18,
    -2.925947496057858e-18, -8.400926001680432e-18, 1.2801053067990684e-17, -8.430779712354683e-18,
    -9.946847113883478e-18, 1.3885513666210327e-18, -1.3140968557128452e-17, -2.028452956119615e-18,
    8.886053372342288e-18, 5.8182208265316395e-19, 5.483569430347159e-18, -1.218776144005405e-17,
    -9.954774726452923e-18, 4.434335050816713e-18, -1.624040590107388e-20, 7.94348727702255e-18,
    2.3493796901281573e-18, 6.040016942499993e-18, -7.832741210198615e-18, 1.1650209512854198e-17,
    5.587232815460113e-18, 1.0651878573166844e-17, -5.536403693172163e-18, 1.224770588226416e-18,
    1.1170071073364376e-17, -1.4729800452520616e-19, -1.058590416432903e-17, -4.982544395314559e-18,
    -8.318080852687206e-18, -9.8948606073347e-19, -7.260810660979712e-18, -9.57516421953496e-18,
    -7.53102495590706e-18, 1.4798113355047296e-17, -2.2310035435425954e-17, -7.595925639634729e-18,
    -2.2534597527902125e-17, -2.104630918759819e-17, -1.2103265097887777e-17, -9.230004662587064e-18,
    1.7674070262791822e-17, 8.287136019763961e-18, -1.8162083107618118e-17, -1.8411345382994414e-18,
    7.516944930327352e-18, 2.0001561792609747e-17, 2.606392777930734e-17, -1.2003794725076679e-17,
    1.1004366442765296e-19, -6.254791384251227e-18, -2.6921345305772252e-17, -8.635983132486066e-18,
    2.093773358126606e-17, -1.863281588729914e-17, 2.35998378957031e-17, 2.2555071910768983e-18,
    1.0312279860787216e-17, 2.0184944502605313e-17, 5.881664587517989e-18, -2.1947564557847504e-17,
    -2.5616208736069942e-17, -7.698452844037502e-18, 1.7495482840158848e-17, 2.42429851906681e-17,
    -9.938814562106524e-18, 2.274754122238628e-17, -2.375669144106189e-17, -1.4313397292309126e-17,
    2.1372528646211374e-17, 3.0492906367235818e-18, 1.759799510335953e-17, 1.663085266117848e-17,
    -1.9613487871414228e-17, -1.9990138189250014e-17, 1.4413875452702007e-17, -2.4573313879481787e-18,
    -5.679403000091266e-18, 2.6437727414055136e-17, -9.610850682533715e-18, 8.162994227104974e-18,
    -2.331800700068871e-17, 2.4216806772421003e-17, -2.6212879607476533e-17, 2.14144536931827e-17,
    7.64345629962023e-18, -1.0157871115466528e-17, -6.655392977344925e-18, -1.6340694760640578e-17,
    -8.234073942098903e-18, -8.518146497429208e-18, 1.6080982096218356e-17, 2.171611581864438e-18,
    1.459870391051426e-17, 7.359394977674177e-18, -3.608790703790546e-18, 2.131639805771438e-17,
    -5.103969860556013e-18, -1.693789423270025e-17, 1.5131647652857083e-17, 2.2633611212516168e-17,
    5.605083973871755e-18, 2.5639058407045817e-17, 1.3570481487732128e-17, 4.5847644358000517e-17,
    -3.269413423618168e-17, 1.3644898245391404e-17, 3.462454351928195e-17, 2.6046157308606904e-17,
    -3.983266745698455e-17, 1.2849164484518505e-17, -4.570502275386202e-17, 2.298107910974054e-17,
    5.129318115032044e-17, 5.070402738422602e-17, 2.4263515104613218e-17, -6.151913621501319e-18,
    8.399754840929507e-18, 1.0436523542664949e-17, -6.743270455611732e-18, -6.889123106520304e-18,
    1.575565514488728e-17, -3.1653590816646144e-18, 6.582459440388572e-18, 2.120091651917281e-17,
    2.6575872357215316e-17, -1.211194252087916e-18, -2.7958488978746924e-17, -3.944598635141791e-17,
    -5.4883972461161805e-17, 2.39811752737772e-17, 5.0668448898504805e-17, -3.13539231969846e-17,
    5.450323593054385e-17, -5.1819969328792986e-17, 1.1794923733511837e-17, 9.923745690067006e-18,
    -1.479826990758988e-17, -1.2497790618796805e-17, -2.2084950172964097e-17, 7.535484758997546e-18,
    -6.049035765709707e-18, -2.7340882569477605e-17, 3.5348797769901485e-17, 5.518817765235249e-17,
    -3.4568582392624965e-17, 2.5421713757101398e-17, -4.700891123899386e-17, 2.113902301669405e-17,
    4.567647714393289e-19, 4.4449105359522046e-17, -4.5598735935930497e-17, 3.283386784592401e-17,
    -3.7736386700306717e-17, 2.8605886632716077e-17, 1.5784492324431575e-17, -2.0066627360792097e-17,
    6.183536725574959e-18, 4.786715994819071e-17, -5.119389624609889e-17, -2.85671188786869e-17,
    4.410467313197903e-17, 4.8832677489986016e-17, 2.8994333996809586e-17, -2.6211114472701654e-17,
    -5.3543290798909455e-17, -8.947670925101348e-18, 2.975439919188114e-17, -3.726664037920102e-17,
    -3.94095700584825e-17, 5.124090406137721e-17, -9.468276958542117e-18, -3.816788508078529e-17,
    -1.466099578328228e-17, 2.5702407803074244e-17, 1.105694456137362e-17, -2.4215070290874564e-17,
    -1.573621815339587e-17, 4.800090036856306e-17, 2.6553630314845697e-17, -5.323964752887106e-17,
    -4.639723374875429e-17, -5.762645277753772e-18, 2.9074827569875116e-18, 2.2219740711375793e-17,
    2.937498788028212e-17, 1.3140744590584736e-17, -4.07866182575664e-17, -4.3229569752580864e-17,
    -2.7079979581381526e-17, -4.7981871187605183e-17, 8.686672959647173e-18, 3.931720640799986e-17,
    -3.573483123546625e-17, 3.662400437871703e-17, -1.2624015803270404e-17, -4.3944687538072e-18,
    3.3208915789406667e-17, 1.7757960519406803e-17, -1.2429496635997131e-17, -4.282841194126615e-17,
    -4.500814036448646e-19, -8.566631860384651e-18, 1.2161978776216132e-17, 5.531107966440873e-17,
    4.372817662921951e-17, 2.8467045708021033e-17, 8.05618697001683e-18, 2.5827184654713693e-17,
    -1.8173616480548578e-17, 3.916654187222805e-17, -4.879438931853046e-17, -3.4146843937343784e-17,
    -3.185569301194572e-17, -3.844152460085279e-17, -7.399568087822702e-18, -4.532625750993869e-17,
    4.0387672285061345e-17, -5.3052280501006494e-17, 4.6350292749257817e-17, -3.941456863639845e-17,
    -2.5896631771299262e-17, -5.331780588731161e-17, 4.881911367941652e-17, -1.8726051228189688e-17,
    1.776845092935536e-18, -2.346994954908181e-17, 1.6509810458448618e-18, 3.352265807927374e-17,
    -3.6133898380975394e-17, 2.1082764242740804e-17, 4.71933008663562e-17, -2.5496789010769972e-17,
    5.1413673928314055e-17, 3.29758917180388e-17, -6.475079421726868e-18, -2.1317449070745058e-17,
    4.393510085443636e-17, 6.592555980265223e-18, 1.4339053183700327e-17, 3.6029371102027135e-17,
    4.416901002981674e-17, -5.972771385899631e-18, 3.6647183097138613e-17, -4.022536422633916e-17,
    -4.0601475368852115e-17, -4.033716315923827e-17, 2.802730799128904e-17, -8.289967269577586e-18,
    2.5228816534604707e-17, -1.7896927735514994e-17, 1.77850326997717e-17, 5.493349941296858e-17,
    -2.793869804449925e-17, -4.5854758407517476e-17, -2.535654637160998e-19, 2.1728069756468833e-17,
    -1.96953072806491e-17, 4.231727323215441e-17, -1.6479073995567807e-17, 4.832313912517023e-17,
    4.13664567662477e-17, -2.4285589581834277e-17, 5.1333462728590905e-17, -4.194104041051393e-17,
    5.079531376540936e-17, -4.9655052841753864e-17, 4.294884087765046e-18, 5.123147672315034e-17,
    3.4632886103168943e-17, 1.843359016938522e-17, 4.2884841540733507e-17, 3.734026350477502e-17,
    6.645726005605572e-18, 4.172886380829272e-17, 3.810062268916523e-17, 5.232138287993912e-18,
    -3.755861340434821e-17, -2.871336546453779e-17, -3.3664267553549274e-17, 4.5431522760674953e-17,
    -6.754915874182965e-18, 3.160596418752091e-17, 1.6190285863645506e-17, -3.866415078190811e-17,
    8.452302468809922e-19, 2.112582399706124e-18, 5.0161598397582775e-17, 2.063102406741067e-17,
    1.3508965656504773e-17, -2.222290379327341e-17, -3.419835529620088e-17, 1.3868774675595885e-17,
    -2.2418967238979334e-17, -1.605003416461093e-17, 5.26478347602939e-17, -7.554049460206121e-18,
    1.2785048983819597e-17, 4.798423412768872e-17, 1.0494344994833205e-17, -2.999327871209686e-17,
    3.243641409862227e-17, 2.5917808445760958e-17, -1.0818883247655889e-17, 1.523967927511282e-17,
    1.771640581949128e-18, -2.934588072327523e-17, -4.617424703884204e-17, -2.9819080850972402e-18,
    -5.522969321895012e-17, 2.461770290409671e-18, -3.747487780711696e-17, -2.1941392449188284e-17,
    -6.0506280423808274e-18, 5.269798246292e-17, 2.8451183343610146e-17, 7.337925456914333e-18,
    -2.1256430160880787e-17, -5.5299313781744e-17, 3.155449198778671e-19, 4.922466104322829e-17,
    3.9374079649864887e-17, 5.0154903041384335e-17, 6.070861086031832e-18, 1.3412185087912129e-17,
    -1.5005131971597378e-17, -6.3648295879475174e-18, 1.9524924205239557e-17, -2.2827469408466825e-17,
    1.9449459906232266e-17, 6.112407365535858e-18, 2.1826831297008593e-17, 5.401275936597442e-17,
    4.951169485116545e-17, 1.4814732434739638e-17, 4.6690143246042613e-17, -4.1942338032122976e-17,
    5.1389460498881917e-17, 4.005703253419076e-17, 1.4796371253562666e-18, 2.953398961204898e-17,
    2.7697623154031873e-17, -2.5770923852473507e-17, -8.458877759097765e-18, -3.933720799844342e-18,
    3.723529738125313e-17, -8.247466203024825e-18, 5.4963562362364267e-17, 2.9472900403938263e-17,
    -3.6861939697043724e-17, 2.5683380699413736e-17, -4.427828482229501e-17, -3.5661720337607564e-17,
    -1.4558643538840918e-17, 4.732060879266681e-17, -1.2006598897672593e-17, -4.337964947313405e-17,
    3.470093995465789e-17, -2.4650629167743272e-17, -5.201736625073318e-17, -4.3839881319326456e-17,
    3.726031261620716e-17, 2.2065197044694466e-17, -3.6154541474051e-17, 1.5125432533362757e-17,
    -2.6349199788214896e-17, 5.1403862652931196e-17, -2.0326698670495524e-17, 2.5330650000348633e-18,
    -1.633274480620419e-17, -4.304056103889316e-17, 1.1226199710539975e-17,
))
_COS256_HI = np.array((
    1.0, 0.99999237061517, 0.9999694825770951, 0.9999313362350186,
    0.9998779321710066, 0.9998092711999397, 0.9997253543694995, 0.9996261829601539,
    0.9995117584851364, 0.9993820826904237, 0.999237157554709, 0.9990769852893715,
    0.9989015683384429, 0.99871090937857, 0.9985050113189741, 0.9982838773014061,
    0.9980475107000991, 0.9977959151217167, 0.9975290944052978, 0.9972470526221983,
    0.9969497940760287, 0.9966373233025887, 0.996309645069798, 0.9959667643776232,
    0.9956086864580017, 0.9952354167747622, 0.9948469610235406, 0.9944433251316939,
    0.9940245152582091, 0.9935905377936096, 0.9931413993598577, 0.9926771068102531,
    0.992197667229329, 0.9917030879327435, 0.9911933764671682, 0.990668540610173,
    0.9901285883701071, 0.9895735279859775, 0.9890033679273229, 0.9884181168940841,
    0.9878177838164719, 0.9872023778548304, 0.9865719083994976, 0.9859263850706614,
    0.9852658177182139, 0.9845902164215998, 0.983899591489664, 0.9831939534604931,
    0.9824733131012553, 0.9817376814080357, 0.9809870696056692, 0.9802214891475681,
    0.9794409517155483, 0.9786454692196509, 0.9778350537979598, 0.9770097178164174,
    0.9761694738686353, 0.9753143347757023, 0.9744443135859889, 0.9735594235749482,
    0.9726596782449127, 0.9717450913248895, 0.9708156767703494, 0.9698714487630153,
    0.9689124217106447, 0.9679386102468107, 0.9669500292306779, 0.9659466937467762,
    0.964928619104771, 0.9638958208392285, 0.9628483147093797, 0.9617861166988793,
    0.9607092430155619, 0.9596177100911952, 0.9585115345812286, 0.9573907333645395,
    0.9562553235431753, 0.9551053224420931, 0.9539407476088947, 0.9527616168135594,
    0.9515679480481722, 0.95035975952665, 0.949137069684463, 0.9478998971783541,
    0.9466482608860534, 0.9453821799059907, 0.9441016735570044, 0.9428067613780455,
    0.9414974631278811, 0.9401737987847912, 0.9388357885462655, 0.9374834528286937,
    0.9361168122670553, 0.9347358877146036, 0.9333407002425484, 0.931931271139734,
    0.9305076219123143, 0.929069774283425, 0.9276177501928519, 0.9261515717966962,
    0.924671261467036, 0.9231768417915862, 0.9216683355733519, 0.9201457658302823,
    0.9186091557949183, 0.9170585289140385, 0.9154939088483012, 0.9139153194718838,
    0.9123227848721178, 0.910716329349122, 0.909095977415431, 0.9074617537956219,
    0.9058136834259364, 0.9041517914539007, 0.9024761032379415, 0.9007866443469994,
    0.8990834405601384, 0.897366517866153, 0.8956359024631707, 0.8938916207582536,
    0.8921336993669944, 0.8903621651131107, 0.8885770450280356, 0.8867783663505052,
    0.8849661565261433, 0.8831404432070421, 0.8813012542513406, 0.8794486177227995,
    0.8775825618903728, 0.8757031152277764, 0.8738103064130545, 0.8719041643281404,
    0.8699847180584174, 0.8680519968922737, 0.8661060303206567, 0.8641468480366219,
    0.8621744799348805, 0.860188956111343, 0.8581903068626604, 0.8561785626857608,
    0.8541537542773854, 0.8521159125336193, 0.8500650685494202, 0.8480012536181443,
    0.8459244992310679, 0.8438348370769082, 0.8417322990413384, 0.8396169172065021,
    0.8374887238505236, 0.8353477514470151, 0.8331940326645814, 0.8310276003663211,
    0.8288484876093257, 0.826656727644175, 0.8244523539144292, 0.8222354000561195,
    0.820005899897234, 0.8177638874572022, 0.8155093969463755, 0.8132424627655052,
    0.8109631195052179, 0.8086714019454874, 0.8063673450551039, 0.8040509839911409,
    0.8017223540984184, 0.7993814909089635, 0.7970284301414683, 0.7946632077007452,
    0.7922858596771786, 0.7898964223461742, 0.7874949321676061, 0.7850814257852596,
    0.7826559400262728, 0.7802185119005741, 0.7777691786003179, 0.7753079774993168,
    0.7728349461524715, 0.7703501222951977, 0.7678535438428503, 0.7653452488901449,
    0.7628252757105762, 0.7602936627558348, 0.7577504486552193, 0.7551956722150481,
    0.7526293724180665, 0.7500515884228517, 0.7474623595632162, 0.7448617253476065,
    0.7422497254585013, 0.7396263997518051, 0.7369917882562408, 0.734345931172738,
    0.7316888688738209, 0.7290206419029908, 0.7263412909741086, 0.7236508569707729,
    0.7209493809456964, 0.7182369041200796, 0.7155134678829815, 0.7127791137906885,
    0.7100338835660797, 0.7072778190979907, 0.7045109624405747, 0.7017333558126597,
    0.6989450415971057, 0.696146062340157, 0.6933364607507934, 0.6905162797000783,
    0.6876855622205048, 0.684844351505339, 0.6819926909079606, 0.6791306239412018,
    0.6762581942766833, 0.6733754457441478, 0.6704824223307908, 0.6675791681805906,
    0.6646657275936333, 0.6617421450254377, 0.6588084650862769, 0.6558647325404974,
    0.6529109923058358, 0.6499472894527343, 0.646973669203652, 0.643990176932375,
    0.6409968581633251, 0.6379937585708637, 0.6349809239785958, 0.6319584003586705,
    0.6289262338310793, 0.625884470662953, 0.6228331572678552, 0.619772340205074,
    0.616702066178912, 0.6136223820379734, 0.610533334774449, 0.6074349715233996,
    0.6043273395620364, 0.6012104863089995, 0.598084459323635, 0.5949493063052684,
    0.5918050750924775, 0.5886518136623622, 0.5854895701298123, 0.5823183927467735,
    0.579138329901511, 0.5759494301178713, 0.5727517420545416, 0.5695453145043077,
    0.5663301963933087, 0.5631064367802915, 0.5598740848558614, 0.556633189941732,
    0.5533838014899721, 0.5501259690822519, 0.5468597424290853, 0.5435851713690728,
    0.5403023058681398, 0.5370111960187747, 0.5337118920392648, 0.5304044442729295,
    0.5270889031873525, 0.5237653193736113, 0.520433743545506, 0.5170942265387846,
    0.513746819310368, 0.510391572937572, 0.5070285386173281, 0.5036577676654025,
    0.5002793115156127, 0.4968932217190427, 0.493499549943257, 0.49009834797151136,
    0.4866896677019633, 0.48327356114687997, 0.4798500804318443, 0.47641927779495996,
    0.4729812055860543, 0.469535916265879, 0.4660834624053104, 0.46262389668454656,
    0.4591572718923041, 0.4556836409250121, 0.4522030567860054, 0.4487155725847157,
    0.4452212415358611, 0.4417201169586342, 0.43821225227588845, 0.43469770101332306,
    0.4311765167986662, 0.42764875336085667, 0.4241144645292243, 0.42057370423266816,
    0.41702652649883415, 0.4134729854532902, 0.4099131353187006, 0.40634703041399856,
    0.40277472515355744, 0.3991962740463603, 0.39561173169516844, 0.3920211527956879,
    0.38842459213573494, 0.38482210459440036, 0.3812137451412117, 0.3775995688352947,
    0.37397963082453317, 0.3703539863447274, 0.3667226907187513, 0.36308579935570845,
    0.35944336775008645, 0.3557954514809102, 0.35214210621089365, 0.3484833876855909,
    0.34481935173254513, 0.341150054260437, 0.33747555125823137, 0.33379589879432325,
    0.330111153015682, 0.3264213701469947, 0.3227266064898082, 0.3190269184216702,
    0.3153223623952687, 0.31161299493757066, 0.30789887264895993, 0.3041800522023728,
    0.30045659034243405, 0.2967285438845904, 0.2929959697142441, 0.2892589247858846,
    0.28551746612221973, 0.2817716508133054, 0.2780215360156746, 0.27426717895146524,
    0.27050863690754695, 0.2667459672346471, 0.26297922734647544, 0.2592084747188484,
    0.2554337668888117, 0.25165516145376265, 0.24787271607057126, 0.24408648845470035,
    0.24029653637932502, 0.23650291767445097, 0.23270569022603224, 0.22890491197508778,
    0.22510064091681745, 0.22129293509971706, 0.2174818526246926, 0.21366745164417375,
    0.20984979036122642, 0.20602892702866477, 0.2022049199481623, 0.19837782746936225,
    0.19454770798898718, 0.19071461994994804, 0.1868786218404523, 0.18303977219311154,
    0.17919812958404827, 0.17535375263200217, 0.17150669999743565, 0.16765703038163873,
    0.16380480252583335, 0.15995007521027702, 0.15609290725336597, 0.1522333575107376,
    0.1483714848743724, 0.14450734827169542, 0.14064100666467697, 0.13677251904893306,
    0.13290194445282522, 0.12902934193655957, 0.12515477059128596, 0.12127828953819604,
    0.1173999579276213, 0.11351983493813046, 0.10963797977562646, 0.10575445167244309,
    0.10186930988644112, 0.09798261370010419, 0.09409442241963412, 0.09020479537404606,
    0.08631379191426318, 0.08242147141221098, 0.07852789325991148, 0.07463311686857685,
    0.0707372016677029, 0.06684020710416233, 0.06294219264129754, 0.05904321775801332,
    0.055143341947869365, 0.05124262471817234, 0.04734112558906797, 0.04343890409263279,
    0.03953601977196579, 0.035632532180279806, 0.03172850087999289, 0.02782398544181939,
    0.023919045443861007, 0.020013740470697712, 0.016108130112478542, 0.012202273964012331,
    0.008296231623858378, 0.004390062693417029, 0.0004838267760202487,
))
_COS256_LO = np.array((
    0.0, 3.2073110944778817e-17, 5.427791428371788e-17, -4.440009975534428e-17,
    3.216122229972341e-17, -1.181061957106384e-17, 4.666714544113391e-17, -4.899404059836401e-17,
    -3.418806487972947e-17, -8.738000154166368e-18, 1.1089280858439994e-17, -1.2794893056155162e-17,
    -2.1425557800399754e-17, 4.077041787094059e-17, 1.779930870620664e-17, 3.9752748931367085e-18,
    3.3232291674141346e-17, -4.194517134466581e-18, 5.112086057887235e-18, -5.5735379358296956e-18,
    -1.2467075728553626e-17, 4.5103599726429103e-17, -1.1743657041590172e-18, -2.6465465461261952e-17,
    3.312922430932991e-17, -4.936631924804348e-17, -8.198278333258706e-18, 4.900182861580853e-17,
    1.3287985046260087e-17, 5.3768966676149457e-17, 2.8553964189785565e-17, 2.7163888458072136e-17,
    4.754870575189364e-17, 3.055178420653557e-17, 3.1426138811726996e-17, -2.5005632325572037e-17,
    -4.589906353553811e-18, 3.0064133754819826e-17, 1.7676104005868335e-18, 3.601878040483925e-17,
    4.91917302237681e-17, 4.194017459527893e-17, -1.0327444588275446e-17, -1.6349410054976075e-18,
    -4.925721262944555e-17, -2.2663417985454113e-17, -2.1647988531644275e-17, -2.4945840045401087e-17,
    -3.919920375420088e-17, 3.133362330973458e-17, 1.967841180870303e-17, -2.951813390182706e-17,
    1.3108769521526758e-17, -3.076698496648875e-17, 2.9910028492769484e-17, -4.860935658108924e-17,
    -7.850690609285027e-18, 4.129211825596569e-17, 4.990128834921396e-17, -8.055597903371663e-18,
    2.3920264546490165e-17, -4.184611248421537e-17, 5.1285792532153653e-17, 2.527688968424578e-18,
    5.071436662403936e-17, -4.5393759616913716e-17, -3.237770297707692e-17, 3.565229597793863e-17,
    -3.0345542681018625e-18, 1.0571570502132525e-17, -4.646009771724241e-18, -2.9029830362451505e-17,
    -2.807827063516729e-17, -1.7395495862588706e-17, 8.134621492946255e-18, -4.829049708612363e-17,
    -3.148450868841629e-17, -3.215561481589348e-17, 4.3757589471734985e-17, -4.904748813651639e-17,
    -3.8614834675674123e-17, -2.8381069502604545e-18, 4.149148046099445e-17, -5.544074044803499e-17,
    -3.911683334934152e-17, 2.4094159626937355e-17, -1.6017653284545848e-17, 3.309939812992428e-17,
    -4.8523830236797095e-18, 3.3217881170616237e-17, 6.919329459921788e-18, 3.65652922435866e-17,
    -5.2350302039683216e-17, 4.285815836004576e-17, -1.322859547778088e-17, 2.696383129202467e-17,
    4.488760003328074e-18, 4.448768838454113e-17, 4.5350942573591974e-17, -3.0111025642663906e-17,
    5.5444125388034563e-17, -5.109925761577554e-17, -8.550693097867243e-18, -4.573025052881014e-18,
    -4.0564150104514996e-17, -4.845930260419795e-17, 5.413375566838042e-17, 4.28588484820425e-17,
    2.6349040211413332e-17, 5.393501455459922e-17, 2.920006113841211e-17, 4.6061770347377117e-17,
    4.2864666490805214e-17, 1.4857309150735037e-18, 3.112490674651326e-17, 9.568777687887683e-18,
    9.076951775075616e-18, -4.1467866644784517e-17, -8.854043885762716e-18, 4.048161744977034e-17,
    2.3160655211380166e-17, -5.1731590406212295e-17, -4.034491998357167e-17, -1.5689162849448854e-17,
    -7.690557775987357e-18, -1.3516049744658102e-17, -4.973073189306066e-17, -1.7805589645671602e-17,
    -4.2623149864279997e-17, 5.482068136728328e-17, 4.767670756525657e-17, 2.7629253166814944e-17,
    1.657385110740923e-17, 2.6622623244915434e-17, 2.0097792543831333e-17, -1.622851050582094e-18,
    4.4132427578105805e-18, 4.58397411668548e-17, -5.4374664844403745e-17, 1.546084879671269e-17,
    5.420565102675286e-18, 7.343511068757054e-19, 5.317093455811416e-17, -2.4841986706845474e-18,
    1.549506647350329e-17, -4.3970091716568607e-17, -2.7333362440269662e-17, 4.3069833485480476e-17,
    4.3337026043948396e-17, 5.153770473645397e-17, -1.864487879673432e-19, 1.486835816365125e-17,
    1.1163935406617444e-17, -1.2236547857751287e-17, 3.731817754380378e-17, -3.60829486308452e-17,
    -3.912431748209128e-17, 2.4827902648223534e-17, 1.3751889684983782e-18, 4.817009677495859e-17,
    -3.091333486122179e-17, -1.899971889684961e-17, 3.4650875715584734e-17, 2.915562669695816e-17,
    4.0134533311087014e-17, 1.4522974327703894e-17, 5.0523609948487484e-17, 4.972522432244845e-17,
    -2.9049779312834576e-17, 2.805667364664275e-17, -4.8080555050456574e-17, -1.0428373508248668e-17,
    -1.474071641211487e-17, -6.367350689549817e-18, -8.842419849333787e-18, 2.6631926113443705e-17,
    4.231014921891023e-17, 4.047175191074543e-17, 4.9065912521116424e-17, 6.240569033004141e-18,
    1.6672995021546628e-17, -1.0629259805275294e-17, -1.878215121154204e-18, 4.127898793195787e-17,
    -1.2970993013150526e-17, 4.624787546764072e-17, 5.6627515613726676e-18, 5.994694320340493e-18,
    -1.2339303604869521e-17, 3.367977634531421e-17, -4.631213290368497e-17, 5.7202947411260715e-18,
    -1.0475824306512768e-17, 5.14297906610273e-17, -9.465899179857832e-18, -3.778398421704049e-17,
    3.494986701478816e-17, 5.322594909819078e-17, 3.8181038992157035e-17, 2.531340287669934e-17,
    1.505272211891291e-17, 4.5860490624001504e-17, -4.451398614976226e-17, -4.9645986121301946e-17,
    -5.5261332036460915e-18, 2.6101728714050488e-17, 1.2822831674529969e-17, -3.401770382122924e-17,
    3.5430696752823923e-17, 2.843223770143068e-17, 2.8089333561212785e-17, 1.1916537812831616e-17,
    3.497002399394248e-17, -1.1537007985232888e-17, 5.425808997571648e-17, -2.1937409143786847e-17,
    -5.2874573286772266e-17, -2.5910343914894385e-17, 1.7760805237087262e-17, -3.7036755710359587e-17,
    2.4982722701451795e-17, 3.4705314722232116e-17, -5.362067448465987e-17, 2.418167677973834e-17,
    5.198410459670848e-17, 1.937420471114692e-17, -3.6937573096415916e-17, -2.6489895415579068e-17,
    4.4380724524257166e-17, -2.437260518193966e-18, 4.961355608822001e-17, 3.199563206807349e-17,
    5.146871675146304e-17, 4.796567972350245e-17, 3.718293217697914e-17, 4.9592481726044676e-17,
    -1.1385801575604847e-18, 4.576481283009214e-17, 2.5309619838707613e-17, -5.3488433296751345e-17,
    2.15859860798048e-17, 1.361385541853238e-17, 2.3245038085775785e-17, -4.994832330073082e-17,
    -2.8797317329733005e-17, 5.029238062479482e-17, 4.1901784468473497e-17, -4.089889508314828e-17,
    -2.886651669472867e-17, 3.161807600220082e-17, 3.684238468884234e-17, -2.954532928855886e-17,
    4.6009504690616306e-17, -2.932839122225198e-17, 6.127178429541534e-18, -4.7533799724323163e-17,
    -4.760954612604417e-17, 1.8726652245729577e-17, -3.778717285218276e-17, -4.6734399314269814e-17,
    -4.6936169754551055e-17, 2.4071508733733366e-17, -2.2561944251071636e-17, 3.4389659853474383e-17,
    -4.009358805489924e-17, 1.1190393467451115e-17, 4.9053040688675605e-17, 4.376089054410886e-17,
    -1.1141552069856816e-17, 1.2072144141179758e-17, -2.6374241170068066e-17, 7.259879093833205e-18,
    1.7583713010196608e-17, -2.231605360191999e-17, -1.5637779912457544e-17, 2.760009528916469e-17,
    -1.4011729665155285e-17, 2.6816102852326034e-17, -2.027988167788447e-17, 2.7574296300419007e-17,
    6.815803779378746e-18, -5.99303194853284e-18, 2.5989390632073216e-17, 2.0657953971406137e-17,
    2.1717792594441132e-17, 2.633583141535488e-18, 1.9317256109707023e-17, 2.323473646814004e-18,
    -2.1852563636056596e-17, 1.0442444461081025e-17, -1.53343376570258e-17, 2.5817915566924827e-17,
    7.498371258346989e-18, -3.301638995890436e-18, -1.8420931161307004e-17, 5.058167731308461e-18,
    -4.81489571106503e-18, 2.6597077704382708e-17, 2.652429213206667e-17, -7.252314764668432e-18,
    1.4577330599464724e-17, -1.4359843883207338e-18, -1.2133538214137924e-19, 6.402933010499224e-18,
    2.0996798659803304e-17, 1.067335992292916e-17, 1.3076681006180615e-17, 2.4545180289352403e-17,
    1.570829660109421e-17, -2.3504964588193585e-17, 3.4751793488799754e-18, -1.6155795904588996e-18,
    -1.0005911375833222e-17, -1.7918307252889392e-17, 6.634417517062844e-18, 6.7247398612840305e-18,
    6.1832874863565004e-18, 2.4011834822891704e-17, 2.416489425373967e-17, 2.4813001881369077e-17,
    -8.38166872079122e-18, 2.774938361979692e-17, -1.4399783253452492e-17, 1.2176473095968786e-17,
    -1.258611885075903e-17, -2.1951860075217375e-17, -5.976477869194322e-19, -1.3501230326023094e-17,
    -1.2260519081962838e-17, -1.620590424543256e-17, 1.1104840370336578e-17, -7.321319437893795e-18,
    1.1119197550387328e-17, -1.749062370430229e-17, 2.1239889452432475e-17, 1.0334766510509382e-17,
    4.654708533928078e-19, 7.745549996229984e-18, 8.58329578116269e-19, 7.661329246110143e-18,
    -6.130830565850927e-18, -9.023513068648435e-19, -1.1391189411292207e-17, -1.0666924303870985e-17,
    -3.709908352737424e-18, -4.034380947228764e-18, 9.125176209175691e-18, 4.642316618843873e-20,
    -1.235170520814313e-18, 5.78304898710413e-18, -1.893243767080813e-18, -5.34120098246516e-18,
    3.570194218398239e-19, 8.974747428567152e-18, -4.886247770144661e-18, -7.836355970939054e-18,
    -7.690217459063053e-18, -1.247082506982262e-17, -1.320808878500654e-18, -4.695001798844468e-18,
    -2.6206114507643e-18, 1.1819943080278694e-17, 1.1749280631842635e-17, -6.022049349136657e-20,
    3.604007694363756e-18, -1.3521352751997198e-17, -2.7749325599458808e-18, 1.2755109793610558e-17,
    -1.018943533675271e-17, -2.455863959544828e-19, -1.1527371496035974e-17, -6.073001002952192e-18,
    2.4499151372430936e-18, -1.2199800547151848e-18, 1.5661016305274614e-18, 9.7326003573047e-19,
    6.46529004901438e-18, -3.490255615947126e-18, 6.047291436191367e-18, 4.705628925129043e-18,
    -4.100146409322861e-18, 3.6881693994268255e-18, 2.83497618188077e-18, 1.939364924453727e-19,
    3.683512075225569e-18, 3.7099879915613715e-18, -5.247255205484409e-18, 2.3805398491511938e-18,
    -2.2953332975678584e-18, -2.387880962526785e-18, -3.1307291346698016e-18, 2.690236682140769e-18,
    -1.7221452192837294e-18, 1.8538160512619523e-18, -8.810316583941295e-19, -1.0680332712596893e-18,
    5.601386846741913e-19, 8.641660446643354e-19, -2.2299496310279283e-19, 6.028904377838265e-19,
    -7.115691148963826e-20, 1.0610142150323836e-19, 1.0366074917108348e-20,
))
_PIO4_1 = 0.7853981633974483
_PIO4_2 = 3.061616997868383e-17
_PIO4_3 = -7.486924524295849e-34   # pi/4 = sum of three doubles
_SQ2PI_HI = 0.7978845608028654
_SQ2PI_LO = -4.98465440455546e-17   # sqrt(2/pi)
# G(z) - 1 = sum g_j u^j, u = z^-2, highest first for polevl (DLMF 5.11.13 exponentiated)
_LEG_G = (
    -0.02663696061311782, 0.006754237533641572, -0.0024328966392204165, 0.0013435110449790955,
    -0.0012798309326171875, 0.0025634765625, -0.015625,
)


_LEG_ASY_K = 22.0      # n sin(theta) at least this (measured vs Arb: 16 gives 8 ulp, 20 and 22 <= 0.503 ulp)
_LEG_ASY_N = 36.0      # degrees from this up may use it (measured crossover with the recurrence)


@helper
def _dd_cos_q1(u, ul, fast):
    """cos(u + ul) as a double-double and sin(u + ul) in double, for 0 <= u <= pi/2 + 2**-20.

    u = j/256 + s with |s| <= 1/512: sin/cos(j/256) from the double-double table and the
    Taylor series of sin s and cos s; in the cosine the products with s and s^2/2 are exact
    (Dekker) and the rest (below 2**-29) in double, so its absolute error is about 2**-81
    (fast: cos(a) s^2/2 in double, about 2**-72).
    """
    j = int(u * 256.0 + 0.5)
    sh = u - j * 0.00390625      # exact (Sterbenz)
    q, qe = _two_prod(sh, sh)
    hq = -0.5 * q                # exact
    # sin s - s and cos s - 1 + s^2/2 (with ul's share), in double
    srest = ul * (1.0 + hq) + sh * q * (-0.16666666666666666 + q * (0.008333333333333333 - q * 0.0001984126984126984))
    crest = -(0.5 * qe + sh * ul) + q * q * (0.041666666666666664 - q * 0.001388888888888889)
    sah = _SIN256_HI[j]
    sal = _SIN256_LO[j]
    cah = _COS256_HI[j]
    cal = _COS256_LO[j]
    # cos(a + s) = cos a - sin a sin s + cos a (cos s - 1)
    p, pe = _two_prod(-sah, sh)
    r, re = _two_sum(cah, p)
    if fast:
        # cos a s^2/2 < 2**-19 rounded in the low part: absolute error ~2**-72 (enough for a phase)
        lo = re + (pe + (cal + (-sal * sh - sah * srest + cah * (hq + crest) + cal * hq)))
    else:
        p, pe2 = _two_prod(cah, hq)
        r, re2 = _two_sum(r, p)
        lo = (re + re2) + (pe + pe2 + (cal + (-sal * sh - sah * srest + cah * crest + cal * hq)))
    cs = r + lo
    csl = lo - (cs - r)
    # sin(a + s) in double (it only scales the small terms of the series)
    sn = sah + (cah * (sh + srest) + sah * (hq + crest))
    return cs, csl, sn


@helper
def _dd_cos_red(th, tl):
    """cos(t) as a double-double and sin(t) in double, t = th + tl (0 <= t < 2**40).

    t - k pi = u with |u| <= pi/2 (pi/4 in three doubles, the products exact by Dekker),
    cos t = (-1)^k cos|u|, sin t = (-1)^k sign(u) sin|u|.
    """
    k = math.floor(th * 0.3183098861837907 + 0.5)
    m = 4.0 * k
    p1, e1 = _two_prod(m, _PIO4_1)
    p2, e2 = _two_prod(m, _PIO4_2)
    uh = th - p1                 # exact (Sterbenz: p1/2 <= th <= 2 p1, or p1 = 0)
    ul = (((tl - e1) - p2) - e2) - m * _PIO4_3
    u = uh + ul
    ul = ul - (u - uh)
    su = math.copysign(1.0, u)
    cs, csl, sn = _dd_cos_q1(su * u, su * ul, True)
    sg = 1.0 - 2.0 * (k - 2.0 * math.floor(0.5 * k))   # (-1)^k
    return sg * cs, sg * csl, (sg * su) * sn


@helper
def _legendre_asy(x, n):
    """P_n(x) for |x| < 1 and n sin(theta) >= _LEG_ASY_K by Stieltjes' expansion.

    Szego, Orthogonal Polynomials, Thm 8.21.5 (8.21.14):
    P_n(cos t) = sqrt(2/(pi z sin t)) G(z) Re[e^(i phi) (1 + sum_{m>=1} h_m w^m)],
    z = n + 3/4, G = sqrt(z) Gamma(z+1/4)/Gamma(z+3/4), phi = (n+1/2) t - pi/4,
    w = (1 - i cot t)/2, h_m = ((1/2)_m)^2/(m! (n+3/2)_m); the remainder is below twice
    the first omitted term.  The leading term is formed in double-double (theta, the
    phase, its cosine and the amplitude), the series and G - 1 in double, so the result
    is within ~2**-62 of the envelope before its one rounding.
    """
    ax = abs(x)
    # sin(theta) = sqrt((1 - |x|)(1 + |x|)) as a double-double (the factors are exact sums)
    ah, al = _two_sum(1.0, -ax)
    bh, bl = _two_sum(1.0, ax)
    dh, de = _two_prod(ah, bh)
    de += ah * bl + al * bh
    d = dh + de
    de = de - (d - dh)
    sh = math.sqrt(d)
    q, qe = _two_prod(sh, sh)
    sl = ((d - q) - qe + de) / (2.0 * sh)
    # theta = acos|x| in (0, pi/2) as a double-double (one Newton step on cos theta = |x|)
    th = math.acos(ax)
    csh, csl, snh = _dd_cos_q1(th, 0.0, False)
    tl = ((csh - ax) + csl) / sh   # theta - th = (cos th - |x|)/sin t to first order (the next is 2**-104 theta)
    # phase (n + 1/2) theta - pi/4, in double-double
    nu = n + 0.5
    ph, pe = _two_prod(nu, th)
    pe += nu * tl
    r, re = _two_sum(ph, -_PIO4_1)
    pl = re + (pe - _PIO4_2)
    ph = r + pl
    pl = pl - (ph - r)
    cp, cpl, sp = _dd_cos_red(ph, pl)
    # amplitude sqrt(2/pi) / sqrt(z sin t) in double-double
    z = n + 0.75
    dh, de = _two_prod(z, sh)
    de += z * sl
    d = dh + de
    de = de - (d - dh)
    rs = 1.0 / math.sqrt(d)
    r2, r2e = _two_prod(rs, rs)
    q, qe = _two_prod(d, r2)
    e = ((1.0 - q) - qe) - (d * r2e + de * r2)
    rl = 0.5 * rs * e
    ah, al = _dd_mul(rs, rl, _SQ2PI_HI, _SQ2PI_LO)
    # the series sum_{m>=1} h_m w^m (double), w = 1/2 + i wi, wi = -cot(t)/2, two terms per pass:
    # h_{m+1} = h_m (m+1/2)^2/((m+1)(n+m+3/2)) (one division per pass), w^m in two chains stepped by w^2
    inv_s = 1.0 / sh
    wi = -0.5 * ax * inv_s
    aw2 = 0.25 * inv_s * inv_s  # |w|^2
    w2r = 0.25 - wi * wi
    w2i = wi
    nb = n + 1.5
    h1 = 0.25 / nb
    h2 = h1 * 2.25 / (2.0 * (nb + 1.0))
    ar = 0.5
    ai = wi
    br = w2r
    bi = w2i
    sr = h1 * ar + h2 * br
    si = h1 * ai + h2 * bi
    bnd = h2 * aw2
    m = 1.0
    while bnd > 1e-20 and m < 80.0:
        a1 = (m + 1.5) * (m + 1.5)
        a2 = (m + 2.5) * (m + 2.5)
        b2 = (m + 3.0) * (nb + m + 2.0)
        inv = 1.0 / (((m + 2.0) * (nb + m + 1.0)) * b2)
        h3 = h2 * (a1 * b2 * inv)
        h2 = h2 * (a1 * a2 * inv)
        tr = ar * w2r - ai * w2i
        ai = ar * w2i + ai * w2r
        ar = tr
        tr = br * w2r - bi * w2i
        bi = br * w2i + bi * w2r
        br = tr
        sr += h3 * ar + h2 * br
        si += h3 * ai + h2 * bi
        aw2 = aw2 * (0.25 * inv_s * inv_s)
        prev = bnd
        bnd = h2 * aw2
        if bnd > prev:
            break       # past the smallest term (the series is asymptotic for sin(theta) < 1/2)
        m += 2.0
    u = 1.0 / (z * z)
    g = u * polevl(u, _LEG_G)
    dlt = cp * sr - sp * si
    dlt = dlt + g * (cp + dlt)
    rh, rl2 = _dd_mul(ah, al, cp, cpl + dlt)
    res = rh + rl2
    if x < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -res
    return res


_LEG_BDY_N = 10000.0   # above this degree the Bessel form where n sin(theta) < _LEG_ASY_K (below: the recurrence)


@helper
def _legendre_overflows(ax, n):
    """True when P_n(ax), ax > 1, n >= 2, is certainly above DBL_MAX.

    Laplace's integral P_n(x) = (1/pi) int_0^pi (x + r cos phi)^n dphi, r = sqrt(x^2 - 1)
    (Laplace's first integral, Whittaker & Watson 15.23), xi = x + r: on [0, phi0] with
    phi0^2 = 2 xi/(r n) the integrand is
    at least (xi (1 - 1/n))^n >= xi^n/4, so log P_n >= n log xi + log(phi0/(4 pi)) (when
    phi0 <= pi).  Overflow is declared when that bound exceeds 710.5 > log(DBL_MAX) = 709.78
    (the margin covers the roundings of the bound itself).
    """
    r = math.sqrt((ax - 1.0) * (ax + 1.0))
    xi = ax + r
    f = 2.0 * xi / (r * n)
    if f > 9.0:
        return False     # phi0 > 3 (not certainly <= pi): no bound
    return n * math.log(xi) + 0.5 * math.log(f) - 2.5310242469692907 > 710.5   # log(4 pi)


@helper
def _legendre_odd_small(x, n):
    """P_n(x) for odd n >= 36 and n |x| < 3e-4 (exact signed zero at x = +-0).

    P_n'(0) = (-1)^m (2m+1) (2m)!/(4^m m!^2) = (-1)^m (2m+1) G(z)/sqrt(pi z), n = 2m + 1,
    z = m + 1/4, G(z) = sqrt(z) Gamma(z+1/4)/Gamma(z+3/4) as in _legendre_asy (m >= 17).
    """
    if x == 0.0:
        return _odd_zero(x, n)
    mm = 0.5 * (n - 1.0)
    z = mm + 0.25
    u = 1.0 / (z * z)
    g = 1.0 + u * polevl(u, _LEG_G)
    d = n * g / math.sqrt(3.141592653589793 * z)
    if mm - 2.0 * math.floor(0.5 * mm) == 1.0:
        d = -d
    return d * (x + (2.0 - n * (n + 1.0)) * (x * x * x) * 0.16666666666666666)


@helper
def _legendre_bdy(x, n):
    """P_n(x) for n > 1e4 and n sin(theta) < 22 (1 - |x| < 2.5e-6) by a Bessel-type expansion.

    Hilb/Szego 8.21.17 with its next terms (Frenzen & Wong 1985; Bogaert, Michiels & Fostier
    2012, SIAM J. Sci. Comput. 34(3), boundary expansion), t = (n + 1/2) theta:
    P_n(cos theta) = sqrt(theta/sin theta) [J0(t) + theta B0(theta) J1(t)/nu
                     + (7/1920)(2 t J1(t) - t^2 J0(t))/nu^4] + O(nu^-6 t^4),
    B0 = (theta cot theta - 1)/(8 theta^2) = -1/24 - theta^2/360 - theta^4/3780; the nu^-4
    term (the small-theta part of A1/nu^2 and B1/nu^3) was fitted against Arb at n = 1e6 and
    checked at n = 1e3..1e4 (truncation < 0.01 ulp from n = 3000).  theta = 2 asin(sqrt((1-|x|)/2))
    in double-double (1 - |x| exact), t = nu theta as a double-double and J0(t_h + t_l) =
    J0(t_h) - J1(t_h) t_l: the error is that of the J0 kernel (~3 ulp) plus one rounding.
    """
    ax = abs(x)
    h = 0.5 * (1.0 - ax)         # exact (Sterbenz), = sin^2(theta/2)
    sh = math.sqrt(h)
    q, qe = _two_prod(sh, sh)
    sl = ((h - q) - qe) / (2.0 * sh)
    # asin(sigma)/sigma - 1 with sigma^2 = h (Taylor; h < 1e-5 so five terms reach 2**-80)
    c = h * (0.16666666666666666 + h * (0.075 + h * (0.044642857142857144 + h * (0.030381944444444444
                                                                                + h * 0.022372159090909092))))
    tl = 2.0 * (sl + sh * c)
    th = 2.0 * sh + tl           # renormalize (sh c is not below an ulp of sh)
    tl = tl - (th - 2.0 * sh)
    nu = n + 0.5
    t, te = _two_prod(nu, th)
    te += nu * tl
    j0 = bessel_j0(t)
    j1 = bessel_j1(t)
    main = j0 - j1 * te
    t2 = th * th
    pm1 = t2 * (0.08333333333333333 + t2 * (0.00625 + t2 * 0.0005042989417989418))   # sqrt(theta/sin theta) - 1
    b0 = -0.041666666666666664 - t2 * (0.002777777777777778 + t2 * 0.00026455026455026457)
    inu = 1.0 / nu
    inu2 = inu * inu
    corr = th * b0 * j1 * inu + 0.0036458333333333334 * (2.0 * t * j1 - t * t * j0) * (inu2 * inu2)
    res = main + (main * pm1 + (1.0 + pm1) * corr)
    if x < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -res
    return res


@helper
def _legendre_out(x, n):
    """P_n(x) for 1 < |x| < 1.0025 and n > 1e4 (values below the overflow threshold).

    x = cosh(eta), eta = 2 asinh(sqrt((|x| - 1)/2)) in double-double (|x| - 1 exact), tau = nu eta.
    tau < 22: the boundary expansion of _legendre_bdy continued to theta = i eta
    (J0(i tau) = I0(tau), theta J1(nu theta) = -eta I1(tau), B0(i eta) = -1/24 + eta^2/360 - ...).
    tau >= 22: Stieltjes' series continued likewise: its growing half
    P_n(cosh eta) = G(z) e^(nu eta) / sqrt(2 pi z sinh eta) sum_m h_m W^m, W = e^eta/(2 sinh eta),
    the decaying half being e^(-2 tau) < 2e-22 smaller; e^(tau) from libm on tau_h (tau_l as a
    factor), scaled by 2^-64 when tau > 700 so that only a true overflow gives inf.
    Measured <= ~2 ulp against Arb.
    """
    ax = abs(x)
    h = 0.5 * (ax - 1.0)         # exact, = sinh^2(eta/2)
    sg = math.sqrt(h)
    q, qe = _two_prod(sg, sg)
    sgl = ((h - q) - qe) / (2.0 * sg)
    # asinh(sigma)/sigma - 1 with sigma^2 = h <= 1.3e-3 (Taylor to 2**-66)
    c = h * (-0.16666666666666666 + h * (0.075 + h * (-0.044642857142857144 + h * (0.030381944444444444 + h * (
        -0.022372159090909092 + h * (0.017352764423076924 + h * (-0.01396484375 + h * 0.011551800896139706)))))))
    el = 2.0 * (sgl + sg * c)
    eh = 2.0 * sg + el
    el = el - (eh - 2.0 * sg)
    nu = n + 0.5
    t, te = _two_prod(nu, eh)
    te += nu * el
    tt = t + te
    te = te - (tt - t)
    t = tt
    if t < _LEG_ASY_K:
        i0 = modified_bessel_i0(t)
        i1 = modified_bessel_i1(t)
        main = i0 + i1 * te
        e2 = eh * eh
        pm1 = e2 * (-0.08333333333333333 + e2 * (0.00625 - e2 * 0.0005042989417989418))  # sqrt(eta/sinh eta) - 1
        b0 = -0.041666666666666664 + e2 * (0.002777777777777778 - e2 * 0.00026455026455026457)
        inu = 1.0 / nu
        inu2 = inu * inu
        corr = -eh * b0 * i1 * inu + 0.0036458333333333334 * (t * t * i0 - 2.0 * t * i1) * (inu2 * inu2)
        res = main + (main * pm1 + (1.0 + pm1) * corr)
    else:
        # sinh(eta) = sqrt((|x| - 1)(|x| + 1)) as a double-double
        bh, bl = _two_sum(1.0, ax)
        dh, de = _two_prod(2.0 * h, bh)
        de += 2.0 * h * bl
        d = dh + de
        de = de - (d - dh)
        rh = math.sqrt(d)
        q, qe = _two_prod(rh, rh)
        rl = ((d - q) - qe + de) / (2.0 * rh)
        # 1/sqrt(z sinh eta) in double-double
        z = n + 0.75
        dh, de = _two_prod(z, rh)
        de += z * rl
        d = dh + de
        de = de - (d - dh)
        rs = 1.0 / math.sqrt(d)
        r2, r2e = _two_prod(rs, rs)
        q, qe = _two_prod(d, r2)
        e = ((1.0 - q) - qe) - (d * r2e + de * r2)
        ah, al = _dd_mul(rs, 0.5 * rs * e, _SQ2PI_HI, _SQ2PI_LO)
        # the series sum_{m>=1} h_m W^m, W = (1 + coth eta)/2 (real, terms ~ m/(2 tau) apart)
        w = 0.5 + 0.5 * ax / rh
        tm = 0.25 / (n + 1.5) * w
        sm = tm
        m = 1.0
        while tm > 1e-20 * (1.0 + sm) and m < 80.0:
            tn = tm * w * (m + 0.5) * (m + 0.5) / ((m + 1.0) * (n + m + 1.5))
            if tn > tm:
                break   # past the smallest term (the series is only asymptotic)
            tm = tn
            sm += tm
            m += 1.0
        u = 1.0 / (z * z)
        g = u * polevl(u, _LEG_G)
        f = 0.5 * (ah + (al + ah * (sm + g * (1.0 + sm))))
        # e^tau with tau = t + te; 2^-64 scaling above 700 (64 ln 2 = 44.36... as a double-double)
        if t > 700.0:
            t, tl2 = _two_sum(t, -44.3614195558365)
            te = (te + tl2) - 1.4841899608616317e-15
            res = (f * math.exp(t)) * (1.0 + te) * 18446744073709551616.0
        else:
            res = (f * math.exp(t)) * (1.0 + te)
    if x < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
        return -res
    return res


@defun(
    "legendre_polynomial_p",
    sigs=("ff->f", "dd->d"),
    inline=True,
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: ns.gegenbauer_polynomial_c(x, n - 1.0, 1.5), "n": NONDIFF},
    doc=r"""
    Legendre polynomial :math:`P_n(x)`.

    :math:`(n+1) P_{n+1} = (2n+1) x P_n - n P_{n-1}`; :math:`P_n = C^{(1/2)}_n` and
    :math:`P_n' = C^{(3/2)}_{n-1}` (DLMF 18.9.19), stable at :math:`x = \pm1`.

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  Compensated recurrence for small degrees; from n = 36 Stieltjes'
    asymptotic series where :math:`n \sin\theta \ge 22` (:math:`x = \cos\theta`,
    evaluated in double-double) and from n > 1e4 Bessel-type forms near and beyond
    :math:`\pm1`, so the cost is bounded (about 0.1 us at n = 1e6; degrees above 2**32
    give nan).  Accurate to about half an ulp of :math:`\max(|P_n(x)|,
    \sqrt{2/(\pi n \sin\theta)})` (up to 3.3 ulps in the Bessel forms, n > 1e4);
    values past the float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.legendre_polynomial_p(0.5, 2.0))
    -0.125
    """,
)
def legendre_polynomial_p(x, n):
    if abs(x) == 1.0 and 0.0 <= n <= _MAX_DEGREE and math.floor(n) == n:
        # P_n(1) = 1, P_n(-1) = (-1)^n (DLMF 18.6.1), without running the recurrence
        if x < 0.0 and n - 2.0 * math.floor(0.5 * n) == 1.0:
            return -1.0
        return 1.0
    if abs(x) > 1.0 and 64.0 < n <= _MAX_LINEAR and math.floor(n) == n and x == x:
        if _legendre_overflows(abs(x), n):
            return _inf_power(x, n)  # |P_n(x)| > DBL_MAX certainly: skip the O(n) recurrence
        if n > _LEG_BDY_N and abs(x) < 1.0025:
            return _legendre_out(x, n)  # O(1) continued boundary / Stieltjes forms
    if n >= _LEG_ASY_N and abs(x) < 1.0 and n <= _MAX_LINEAR and math.floor(n) == n:
        if n - 2.0 * math.floor(0.5 * n) == 1.0 and n * abs(x) < 3e-4:
            # odd P_n near 0: P_n'(0) (x + (2 - n(n+1)) x^3/6), the next term below 2**-53 (the third
            # derivative at 0 is (2 - n(n+1)) P_n'(0) by the differential equation): relatively accurate
            return _legendre_odd_small(x, n)
        # large degree inside the interval: O(1) asymptotic series where n sin(theta) >= K
        if n * n * ((1.0 - x) * (1.0 + x)) >= _LEG_ASY_K * _LEG_ASY_K:
            return _legendre_asy(x, n)
        if n > _LEG_BDY_N:
            return _legendre_bdy(x, n)  # near +-1: Bessel-type expansion (O(1), ~3 ulp)
    return _gegenbauer(x, n, 0.5)


@helper
def _laguerre_overflows(x, n):
    """True when |L_n(x)| certainly exceeds DBL_MAX (x < 0, or x beyond the zeros), n >= 2.

    x = -y < 0: L_n(-y) = sum_k C(n,k) y^k/k! has positive terms, so it exceeds its largest one,
    at k ~ (sqrt(y^2 + 4 n y) - y)/2 (DLMF 18.5.12).  x > 4n + 3: every zero lies below
    2n + 1 + sqrt((2n+1)^2 + 1/4) < 4n + 3, so |L_n(x)| = prod (x - x_k)/n! >= (x - 4n - 3)^n/n!.
    Overflow is declared when the bound's log exceeds 710.5 > log(DBL_MAX) = 709.78.
    """
    if x < 0.0:
        y = -x
        k = math.floor(0.5 * (math.sqrt(y * y + 4.0 * n * y) - y))
        k = min(max(k, 0.0), n)
        lb = math.lgamma(n + 1.0) - 2.0 * math.lgamma(k + 1.0) - math.lgamma(n - k + 1.0) + k * math.log(y)
        return lb > 710.5
    d = x - (4.0 * n + 3.0)
    if d <= 1e-12 * x:
        return False
    return n * math.log(d) - math.lgamma(n + 1.0) > 710.5


@defun(
    "laguerre_polynomial_l",
    sigs=("ff->f", "dd->d"),
    args=_N_ARGS,
    grad={"x": lambda ns, x, n, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, 1.0), "n": NONDIFF},
    doc=r"""
    Laguerre polynomial :math:`L_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+1-x) L_n - n L_{n-1}`;
    :math:`L_n' = -L^{(1)}_{n-1}` (DLMF 18.9.23).

    ``n`` must be integral (a non-integral ``n`` gives nan); ``n < 0`` gives 0 as in
    torch.special.  For ``|x| <= 1``, ``n <= 128`` Horner's scheme on the exact coefficients
    (DLMF 18.5.12), run compensated; degrees from 2000 at ``x >= 0`` in O(1) by Tricomi's
    Bessel series and an amplitude-phase expansion (DLMF 18.15(iii); only the sign where the
    value overflows, x > 1500; measured within 1.6 ulp of the envelope against Arb, about
    0.1-0.4 us per element at any degree); otherwise the compensated recurrence (O(n); degrees
    above 2**32 give nan; for x < 0 and beyond the largest zero, where a lower bound shows that
    the value overflows, ``+-inf`` at once), accurate to an ulp of
    :math:`\max(|L_n(x)|, e^{x/2})`; values past the float64 range are ``+-inf``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.laguerre_polynomial_l(1.0, 2.0))
    -0.5
    """,
)
def laguerre_polynomial_l(x, n):
    if -1024.0 < x < 1024.0 and 2.0 <= n <= _MONIC_MAX and math.floor(n) == n:
        # the common cases first (|x| < 1024, 2 <= n <= 128 integral)
        if -1.0 <= x <= 1.0:
            return _laguerre_horner(x, n)  # Horner on the exact table (see _laguerre_horner)
        if n <= 64.0 or 0.0 < x <= 4.0 * n + 3.0:
            # no overflow test needed (see below): the monic recurrence, from both ends at once below 200
            if -_LAG_MID_X <= x <= _LAG_MID_X:
                r = _laguerre_mid(x, n)
                if r == r:
                    return r
            return _laguerre_monic_grid(x, n)
    if 64.0 < n <= _MAX_LINEAR and math.floor(n) == n and (x < 0.0 or x > 4.0 * n + 3.0):
        if _laguerre_overflows(x, n):
            return _inf_power(-x, n)  # |L_n(x)| > DBL_MAX certainly: skip the O(n) recurrence
    if -1.0 <= x <= 1.0 and 2.0 <= n <= _HORNER_MAX and math.floor(n) == n:
        return _laguerre_horner(x, n)  # Horner on the exact table (see _laguerre_horner)
    return _laguerre(x, n, 0.0)


@defun(
    "gegenbauer_polynomial_c",
    sigs=("fff->f", "ddd->d"),
    f32_kernel=_gegenbauer_f32,  # for the float32 loop: the plain recurrence
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-0.5)),
    grad={"x": lambda ns, x, n, alpha, out: 2.0 * alpha * ns.gegenbauer_polynomial_c(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a Gegenbauer polynomial is not provided")},
    doc=r"""
    Gegenbauer (ultraspherical) polynomial :math:`C^{(\alpha)}_n(x)`.

    :math:`(n+1) C_{n+1} = 2(n+\alpha) x C_n - (n+2\alpha-1) C_{n-1}`,
    :math:`C_0 = 1`, :math:`C_1 = 2\alpha x`; :math:`\frac{d}{dx} C^{(\alpha)}_n =
    2\alpha C^{(\alpha+1)}_{n-1}` (DLMF 18.9.19).  :math:`C^{(1/2)}_n = P_n` and
    :math:`C^{(1)}_n = U_n`.  Provided for the derivatives of the Chebyshev and
    Legendre polynomials; same conventions for ``n`` as they have.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.gegenbauer_polynomial_c(0.5, 2.0, 1.0))
    0.0
    """,
)
def gegenbauer_polynomial_c(x, n, alpha):
    return _gegenbauer(x, n, alpha)


@defun(
    "generalized_laguerre_polynomial_l",
    sigs=("fff->f", "ddd->d"),
    f32_kernel=_glaguerre_f32,  # for the float32 loop: the plain recurrence
    args=(Arg("x"), Arg("n", lo=0, kind="int"), Arg("alpha", lo=-1.0)),
    grad={"x": lambda ns, x, n, alpha, out: -ns.generalized_laguerre_polynomial_l(x, n - 1.0, alpha + 1.0),
          "n": NONDIFF,
          "alpha": NotImplementedGrad("d/dalpha of a generalized Laguerre polynomial is not provided")},
    doc=r"""
    Generalized (associated) Laguerre polynomial :math:`L^{(\alpha)}_n(x)`.

    :math:`(n+1) L_{n+1} = (2n+\alpha+1-x) L_n - (n+\alpha) L_{n-1}`,
    :math:`L_0 = 1`, :math:`L_1 = \alpha + 1 - x`;
    :math:`\frac{d}{dx} L^{(\alpha)}_n = -L^{(\alpha+1)}_{n-1}` (DLMF 18.9.23).
    Provided for the derivative of :func:`laguerre_polynomial_l`; same conventions
    for ``n``.

    Examples
    --------
    >>> import specfun
    >>> float(specfun.generalized_laguerre_polynomial_l(1.0, 1.0, 1.0))
    1.0
    """,
)
def generalized_laguerre_polynomial_l(x, n, alpha):
    return _laguerre(x, n, alpha)
